"""Fast kernels and solvers for the search bots (numba and numpy, base dependencies).

The rules layer stays the single source of truth: every kernel here is differentially tested
against the reference engine (``tests/solvers``). Cards are ``uint64`` masks.

* :mod:`tapete.solvers.bits`: popcount, bit scans, a seeded xorshift64* generator.
* :mod:`tapete.solvers.jit`: numba's ``njit``, typed for mypy.
* La Pocha: :mod:`.pocha_kernel` (legal plays, tricks, bids, scores, playouts),
  :mod:`.pocha` (rule options in kernel form), :mod:`.pocha_worlds` and :mod:`.pocha_search`
  (worlds drawn from a view, every bid or card played out in each), :mod:`.pocha_endgame`
  (the last tricks solved exactly), :mod:`.pocha_iset` (the worlds searched together).
* The Ombre family: :mod:`.ombre_kernel` and :mod:`.ombre` (card play and its exact solver,
  the player against the coalition, for Ombre, Tresillo and Danish l'hombre),
  :mod:`.ombre_worlds`, :mod:`.ombre_iset`, :mod:`.ombre_rule` (the rule bot's play in kernel
  form, the opponents' model).
* Trynka: :mod:`.trynka_kernel`, :mod:`.trynka_tree` and :mod:`.trynka_cfr` (the betting
  tree and its CFR strategy).
"""
