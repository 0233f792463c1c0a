"""The settlement of a deal of Tresillo (see ``docs/tresillo.md``, "Results and money").

A game is worth ``value`` per paying player: each of the others at the table (at four the
dealer too, at three the two defenders). Won (*sacada*): each of them pays the player
``value`` and the player takes from the plate its oldest puesta (or, with ``plate_payout =
all``, every puesta). *Codillo*: a defender took more tricks than each of the others; the
player pays him what he would have won (``3 × value`` at four, ``2 × value`` at three).
*Puesta*: otherwise; the player puts as much on the plate, a new puesta after those already
there. With ``tie_441 = codille_split``, the 1-4-4 split (the player one trick, each
defender four) is a codillo shared by the two defenders: each is paid half of it (an odd
unit stays with the player). The estuches and the bola (:func:`pay_each`) move between the
player and each of the others.

>>> balances, plate, active = [0, 0, 0, 0], [6], (0, 1, 2)
>>> settle_plain(False, 0, active, (5, 2, 2, 0), 1, balances, plate), balances, plate
('sacada', [9, -1, -1, -1], [])
>>> settle_plain(False, 0, active, (3, 4, 2, 0), 1, balances, plate), balances, plate
('codillo', [6, 2, -1, -1], [])
>>> settle_plain(False, 0, active, (3, 3, 3, 0), 1, balances, plate), balances, plate
('puesta', [3, 2, -1, -1], [3])
>>> settle_plain(False, 0, active, (1, 4, 4, 0), 1, balances, plate, True), balances
('codillo_split', [1, 3, 0, -1])
>>> balances = [0, 0, 0]
>>> settle_plain(False, 0, active, (3, 4, 2), 1, balances, []), balances
('codillo', [-2, 2, 0])
"""

from __future__ import annotations

from collections.abc import Sequence


def settle_plain(
    plate_all: bool,
    player: int,
    active: Sequence[int],
    tricks: Sequence[int],
    value: int,
    balances: list[int],
    plate: list[int],
    codille_split: bool = False,
) -> str:
    """Settle a game played to the end without a defence: ``balances`` and ``plate`` are
    updated in place; returns ``sacada``, ``codillo``, ``codillo_split`` (1-4-4 with
    ``codille_split``) or ``puesta``."""
    d1, d2 = (s for s in active if s != player)
    t, t1, t2 = tricks[player], tricks[d1], tricks[d2]
    whole = (len(balances) - 1) * value  # what the player would have won
    if t > t1 and t > t2:
        pay_each(player, value, balances)
        if plate:
            taken = sum(plate) if plate_all else plate[0]
            del plate[: len(plate) if plate_all else 1]
            balances[player] += taken
        return "sacada"
    if (t1 > t and t1 > t2) or (t2 > t and t2 > t1):
        winner = d1 if t1 > t2 else d2
        balances[player] -= whole
        balances[winner] += whole
        return "codillo"
    if codille_split and t == 1:
        half = whole // 2
        balances[player] -= 2 * half
        balances[d1] += half
        balances[d2] += half
        return "codillo_split"
    return settle_surrender(player, value, balances, plate)


def pay_each(player: int, amount: int, balances: list[int]) -> None:
    """Each of the others (at four the dealer too) pays ``player`` ``amount`` (a negative
    ``amount``: the player pays each of them): a won game, the estuches and the bola.

    >>> balances = [0, 0, 0, 0]
    >>> pay_each(1, 2, balances), balances
    (None, [-2, 6, -2, -2])
    """
    for seat in range(len(balances)):
        if seat != player:
            balances[seat] -= amount
            balances[player] += amount


def estuche_run(trump_order: Sequence[int], hand: int) -> int:
    """The player's estuches: the length of the unbroken run of trumps held from the top
    (espada, mala, basto, …), counted when it is at least the three matadors, else 0.

    >>> from tapete.cards import Card, Suit
    >>> from tapete.games.ombre_family.tables import trump_order
    >>> order = [int(c) for c in trump_order(Suit.CLUBS)]
    >>> hand = sum(1 << int(Card.parse(c)) for c in ('♠A', '♣2', '♣A', '♣K', '♣J'))
    >>> estuche_run(order, hand), estuche_run(order, hand & ~(1 << int(Card.parse('♣A'))))
    (4, 0)
    """
    run = 0
    for card in trump_order:
        if not hand >> card & 1:
            break
        run += 1
    return run if run >= 3 else 0


def settle_surrender(player: int, value: int, balances: list[int], plate: list[int]) -> str:
    """A puesta: the player puts on the plate what he would have won (a game lost without a
    codillo, a surrender that stands: a vuelta, or an entrada both defenders accepted)."""
    whole = (len(balances) - 1) * value
    balances[player] -= whole
    plate.append(whole)
    return "puesta"


def settle_defended(
    first: int,
    defender: int,
    active: Sequence[int],
    tricks: Sequence[int],
    value: int,
    balances: list[int],
    plate: list[int],
) -> str:
    """Settle an entrada surrendered by ``first`` and played on by ``defender``.

    In this order: the defender took more tricks than each of the others
    (``defended``: the first player's puesta is paid to the defender); the third player,
    the *mano pobre*, did (``defended_codillo``: the first player's puesta goes on the plate
    and the defender pays the mano pobre a codillo); the defender took fewer tricks than the
    first player (``defended_saved``: the defender takes the first player's puesta over);
    otherwise the defender tied (``defended_puesta``: two puestas go on the plate, the first
    player's and the defender's).

    >>> balances, plate = [0, 0, 0, 0], []
    >>> settle_defended(0, 1, (0, 1, 2), (2, 5, 2, 0), 1, balances, plate), balances, plate
    ('defended', [-3, 3, 0, 0], [])
    """
    pobre = next(s for s in active if s not in (first, defender))
    t_f, t_d, t_p = tricks[first], tricks[defender], tricks[pobre]
    amount = (len(balances) - 1) * value
    if t_d > t_f and t_d > t_p:
        balances[first] -= amount
        balances[defender] += amount
        return "defended"
    if t_p > t_f and t_p > t_d:
        balances[first] -= amount
        plate.append(amount)
        balances[defender] -= amount
        balances[pobre] += amount
        return "defended_codillo"
    if t_d < t_f:
        balances[defender] -= amount
        plate.append(amount)
        return "defended_saved"
    balances[first] -= amount
    plate.append(amount)
    balances[defender] -= amount
    plate.append(amount)
    return "defended_puesta"
