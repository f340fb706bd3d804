"""Golden scenarios: a rigged deal, scripted choices, and the events, money and next dealer
expected — as data files, checked against a JSON Schema generated from their model."""

from tablerules.interpreter.scenarios.model import Scenario, scenario_schema
from tablerules.interpreter.scenarios.runner import ScenarioResult, load_scenario, run_scenario

__all__ = ["Scenario", "ScenarioResult", "load_scenario", "run_scenario", "scenario_schema"]
