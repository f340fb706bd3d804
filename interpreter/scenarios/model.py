"""The shape of a scenario file (JSON). The JSON Schema that validates files is generated
from this model, so the two cannot drift apart."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field
from tablerules.dsl.limits import MAX_NUMBER, MAX_RULE_BYTES, MAX_SEATS
from tablerules.interpreter.scenarios.expected import MAX_VALUE

# a seat's number (whether the game has that seat is checked against its rule file)
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
# an amount of money, within what the engine can reach
Money = Annotated[int, Field(gt=-MAX_VALUE, lt=MAX_VALUE)]
# a number written in a rule file, as an option's value
OptionNumber = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]


class Expectation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    events: list[dict[str, Any]] = Field(
        default_factory=list,
        description="events that must occur in this order (each matches on the fields given)",
    )
    absent: list[dict[str, Any]] = Field(
        default_factory=list, description="events that must not occur at all"
    )
    seen: dict[str, list[dict[str, Any]]] = Field(
        default_factory=dict,
        description="seat -> events that must occur in this order in that seat's own event "
        "log, where what it may not see is hidden",
    )
    winners: list[Seat] | None = Field(None, description="winning seats; [] for a drawn hand")
    totals: list[Money] | None = Field(None, description="net money per seat")
    next_dealer: Seat | None = None
    finished: bool | None = Field(None, description="whether the hand is over after the script")
    legal: dict[str, list[str]] = Field(
        default_factory=dict,
        description="after the script: seat -> labels that must be among its legal choices",
    )
    illegal: dict[str, list[str]] = Field(
        default_factory=dict,
        description="after the script: seat -> labels (or action names) that must not be legal",
    )


class Scenario(BaseModel):
    """A hand from the documents, rigged and scripted, with what must happen."""

    model_config = ConfigDict(extra="forbid")

    name: str
    rules: str = Field(description="the rule file, relative to the scenario file")
    rule_ids: list[str] = Field(min_length=1, description="the RULES.md ids this checks")
    options: dict[str, str | OptionNumber | bool] = Field(default_factory=dict)
    dealer: Seat = 0
    round: int = Field(0, ge=0, le=MAX_NUMBER, description="the round of the game, from 0")
    streak: int = Field(
        0, ge=0, le=MAX_NUMBER, description="hands the dealer has kept the deal before this one"
    )
    carried: dict[str, Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]] = Field(
        default_factory=dict,
        description="the numbers the game carries from hand to hand, by name (those not given"
        " start at their start)",
    )
    hands: list[str] = Field(description="each seat's cards (seat 0 first), in card notation")
    shown: str | None = Field(None, description="the dealer's card shown on the deal")
    wall: str = Field("", description="the undealt cards in draw order")
    actions: list[str] = Field(
        default_factory=list, description='scripted choices, "SEAT: LABEL", in order'
    )
    expect: Expectation
    rules_text: str | None = Field(
        None,
        max_length=MAX_RULE_BYTES,
        description="the rule text the hand was played with, when it was not the file's (an "
        "edit or an upload in the playground); the scenario runs against the file `rules` "
        "names, and a failure says where this text differs from it",
    )


def scenario_schema() -> dict[str, Any]:
    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
