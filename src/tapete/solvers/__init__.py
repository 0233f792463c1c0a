"""Fast kernels and solvers for the bots (numba; install the ``solvers`` extra).

The rules layer stays the single source of truth: every kernel here is differentially tested
against the reference engine (``tests/solvers``). Cards are ``uint64`` masks.

* :mod:`tapete.solvers.bits`: popcount, bit scans, a seeded xorshift64* generator.
* :mod:`tapete.solvers.pocha_kernel`: La Pocha's legal plays, tricks, bids, scores, playouts.
* :mod:`tapete.solvers.pocha`: the tables that turn a game's rule options into kernel form.
* :mod:`tapete.solvers.pocha_worlds`, :mod:`tapete.solvers.pocha_search`: worlds drawn from a
  view, and every bid or card of a decision played out in each world.
* :mod:`tapete.solvers.ombre_kernel`, :mod:`tapete.solvers.ombre`: Ombre's card play and its
  exact solver (ombre against the coalition).
"""
