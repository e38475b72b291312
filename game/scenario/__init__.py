"""Trick-shot scenarios: a TOML file describing one shot, run headless to rest."""

from game.scenario.format import Scenario, ShotSpec, RuleStateSpec, load_scenario, parse_scenario

__all__ = ["Scenario", "ShotSpec", "RuleStateSpec", "load_scenario", "parse_scenario"]
