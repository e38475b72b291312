"""The referee's transfers carry their cause apart from the payment, for views that word payments."""


def test_every_transfer_names_its_cause_inside_its_reason():
    """A view words the payment itself from ``cause``; the ledger's sentence still says it all."""
    from pathlib import Path

    from game.physics import PhysicsConfig
    from game.scenario.format import load_scenario
    from game.scenario.run import run_scenario

    folder = Path(__file__).resolve().parents[1] / "scenarios"
    seen = 0
    for path in sorted(folder.glob("rule*.toml")):
        result = run_scenario(load_scenario(path, max_speed=PhysicsConfig().max_shot_speed))
        for shot in result.shots:
            for t in shot.ruling.transfers:
                seen += 1
                assert t.cause and t.reason.startswith(t.cause), (path.name, t)
                assert f"(rule {t.rule})" not in t.cause
    assert seen >= 15
