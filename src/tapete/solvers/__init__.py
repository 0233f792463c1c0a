"""Fast kernels and solvers for the bots (numba; install the ``solvers`` extra).

The rules layer stays the single source of truth: every kernel here is differentially tested
against the reference engine (``tests/solvers``). Cards are ``uint64`` masks.

* :mod:`tapete.solvers.bits`: popcount, bit scans, a seeded xorshift64* generator.
* :mod:`tapete.solvers.pocha_kernel`: La Pocha's legal plays, tricks, bids, scores, playouts.
* :mod:`tapete.solvers.pocha`: the tables that turn a game's rule options into kernel form.
"""
