"""Running the invariants over a log's hands, and what they found."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from logcheck.games import Profile, profile_for
from logcheck.invariants import INVARIANTS, Invariant, Violation
from logcheck.logfile import Hand, Record, read_log
from logcheck.tracker import Tracker

KEPT = 20  # violations kept per invariant, and failing hands kept whole, earliest first


@dataclass
class Report:
    """What a check found: hands checked, the invariants run, in how many hands each
    failed, the first violations of each and the lines of the first failing hands.

    Reports of stretches of one run merge (`merge`) into the report of the whole run,
    whatever order the stretches were checked in."""

    header: Record
    invariants: list[str]
    hands: int = 0
    failed: Counter[str] = field(default_factory=Counter)  # invariant -> hands it failed in
    violations: list[Violation] = field(default_factory=list)  # up to KEPT per invariant
    failing: dict[int, list[str]] = field(default_factory=dict)  # hand -> its lines (KEPT)

    @property
    def rules(self) -> str:
        return str(self.header.get("rules"))

    @property
    def ok(self) -> bool:
        return not any(self.failed.values())

    def counts(self) -> dict[str, int]:
        """Hands in which each invariant failed."""
        return {name: self.failed[name] for name in self.invariants}

    def add(self, hand: Hand, found: list[Violation]) -> None:
        """One hand checked, with the violations found in it."""
        self.hands += 1
        if not found:
            return
        for name in {violation.invariant for violation in found}:
            self.failed[name] += 1
        self._keep(found, {hand.index: hand.lines})

    def merge(self, other: Report) -> None:
        """Add the hands and findings of another stretch of the same run."""
        self.hands += other.hands
        self.failed.update(other.failed)
        self._keep(other.violations, other.failing)

    def _keep(self, violations: list[Violation], hands: dict[int, list[str]]) -> None:
        kept: Counter[str] = Counter()
        merged = []
        for violation in sorted([*self.violations, *violations], key=Violation.order):
            if kept[violation.invariant] < KEPT:
                kept[violation.invariant] += 1
                merged.append(violation)
        self.violations = merged
        failing = {**self.failing, **hands}
        self.failing = {index: failing[index] for index in sorted(failing)[:KEPT]}

    def summary(self, examples: int = 3) -> str:
        lines = [f"{self.rules}: {self.hands} hands, {len(self.invariants)} invariants"]
        for name, count in self.counts().items():
            state = "ok" if not count else f"FAILED in {count} of {self.hands} hands"
            lines.append(f"  {name}: {state}")
            shown = [v for v in self.violations if v.invariant == name][:examples]
            lines += [f"      {violation}" for violation in shown]
        return "\n".join(lines)

    def write_failing(self, folder: str | Path) -> list[Path]:
        """Write each kept failing hand to `folder` as a play log of its own, one hand
        long, that `tablerules replay` reads (`hand-K.jsonl` for hand K of the run)."""
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        written = []
        for index in sorted(self.failing):
            first, *rest = self.failing[index]
            hand = json.loads(first)
            header = {**self.header, "seed": hand["seed"], "hands": 1}
            hand["index"] = 1
            lines = [json.dumps(header, ensure_ascii=False), json.dumps(hand, ensure_ascii=False)]
            path = target / f"hand-{index}.jsonl"
            path.write_text("\n".join([*lines, *rest]) + "\n", encoding="utf-8")
            written.append(path)
        return written


def selected(profile: Profile, names: Iterable[str] | None = None) -> list[type[Invariant]]:
    """The invariants that apply to a game, all of them or those named."""
    chosen = list(names) if names is not None else list(INVARIANTS)
    unknown = [name for name in chosen if name not in INVARIANTS]
    if unknown:
        raise KeyError(f"no invariant {', '.join(unknown)} (known: {', '.join(INVARIANTS)})")
    return [INVARIANTS[name] for name in chosen if INVARIANTS[name].applies_to(profile)]


def reads_choices(names: Iterable[str] | None = None) -> bool:
    """Whether any of these invariants (all, for None) looks at the bots' choice lines."""
    wanted = list(names) if names is not None else list(INVARIANTS)
    return any("choice" in INVARIANTS[name].hooks for name in wanted if name in INVARIANTS)


def check_hands(
    header: Record,
    hands: Iterable[Hand],
    names: Iterable[str] | None = None,
    progress: Callable[[Report], None] | None = None,
    profile: Profile | None = None,
) -> Report:
    """Run the invariants over the hands of a log whose header is `header`; `progress` is
    called with the report so far after each hand. The game's profile is the one its rule
    file names, unless `profile` is given (a file the documents do not describe)."""
    profile = profile if profile is not None else profile_for(header)
    classes = selected(profile, names)
    report = Report(header, [cls.name for cls in classes])
    for hand in hands:
        checks = [cls(profile) for cls in classes]
        hooks: dict[str, list[tuple[Invariant, object, object]]] = {}
        for check in checks:
            check.begin(header, hand)
            for kind, (before, after) in check.hooks.items():
                hooks.setdefault(kind, []).append((check, before, after))
        tracker = Tracker(profile)
        line = hand.line
        for line, record in hand.records:
            watching = hooks.get(record["type"], ())
            for check, before, _ in watching:
                if before is not None:
                    before(check, record, tracker, line)  # type: ignore[operator]
            tracker.apply(record)
            for check, _, after in watching:
                if after is not None:
                    after(check, record, tracker, line)  # type: ignore[operator]
        found = []
        for check in checks:
            check.end(hand.result, tracker, line)
            for at, message in check.failures:
                found.append(Violation(check.name, hand.index, hand.seed, at, message))
        report.add(hand, found)
        if progress is not None:
            progress(report)
    return report


def check_log(
    path: str,
    names: Iterable[str] | None = None,
    progress: Callable[[Report], None] | None = None,
    profile: Profile | None = None,
    checked_as: str | None = None,
) -> Report:
    """Check a log file (see `check_hands`); `checked_as` names the bundled rule file whose
    game the log is checked against (see `profile_for`)."""
    header, hands = read_log(path, reads_choices(names))
    if profile is None and checked_as is not None:
        profile = profile_for(header, checked_as)
    return check_hands(header, hands, names, progress, profile)
