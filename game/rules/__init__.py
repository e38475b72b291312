"""Layer 1: the painted ground, the events, the ledger and the referee (stdlib only).

The usual entry points::

    from game.rules import HouseRules, new_game, judge, ruling_to_json
"""

from game.rules.hat_order import assign_planets
from game.rules.house import HouseRuleError, HouseRules
from game.rules.gates import live_rules
from game.rules.listener import ShotReferee, judge_log
from game.rules.referee import judge
from game.rules.ruling_text import ruling_to_json, ruling_to_text
from game.rules.ruling import Foul, PutDown, Ruling, TakeOff, Transfer
from game.rules.state import (
    STAKES, LedgerError, RuleState, StartOptions, new_game, start_options, state_from_dict, state_to_dict,
)

__all__ = [
    "STAKES", "Foul", "HouseRuleError", "HouseRules", "LedgerError", "PutDown", "RuleState",
    "Ruling", "ShotReferee", "live_rules", "StartOptions", "TakeOff", "Transfer", "assign_planets", "judge",
    "judge_log", "new_game", "ruling_to_json", "ruling_to_text", "start_options", "state_from_dict",
    "state_to_dict",
]
