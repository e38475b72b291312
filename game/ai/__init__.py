"""Layer 3: AI players that plan shots by rolling them out in Bullet and asking the referee.

``player.AIPlayer`` (``choose_shot`` / ``plan_async``), ``levels`` (random,
easy, medium, hard), ``workers.PlannerPool`` (spawn processes, cancellable
plans), ``headless`` and ``tournament`` (whole matches without a window).
See ``docs/ai.md``.  Nothing heavy is imported here.
"""
