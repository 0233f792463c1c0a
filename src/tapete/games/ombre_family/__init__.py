"""The Ombre family's one core: Ombre, Tresillo and Danish l'hombre share the 40-card pack,
the trump orders, the deal, the exchange with the stock and nine tricks.

Modules: ``tables`` (trump and plain orders, trick winner, legal plays, the nolo order),
``actions`` (the card actions, their texts and events, the deal's phases), ``deal`` (the deal
state every game of the family subclasses, with named hooks for what is its own: the
auction, the settlement, the extra plays). See ``docs/ombre-family.md``.
"""
