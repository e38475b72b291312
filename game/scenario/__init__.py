"""Trick-shot scenarios: a TOML file describing one shot, run headless to rest."""

from game.scenario.format import HatSpec, RuleStateSpec, Scenario, ShotSpec, load_scenario, parse_scenario

__all__ = ["HatSpec", "RuleStateSpec", "Scenario", "ShotSpec", "load_scenario", "parse_scenario"]
