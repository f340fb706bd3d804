"""Running the invariants over a log's hands, and what they found."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from logcheck.games import Profile, profile_for
from logcheck.invariants import INVARIANTS, Invariant, Violation
from logcheck.logfile import Hand, Record, read_log
from logcheck.tracker import Tracker


@dataclass
class Report:
    """What a check found: hands checked, the invariants run, every violation."""

    rules: str
    invariants: list[str]
    hands: int = 0
    violations: list[Violation] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations

    def counts(self) -> dict[str, int]:
        """Violations per invariant, hands counted once each."""
        hands: dict[str, set[int]] = {name: set() for name in self.invariants}
        for violation in self.violations:
            hands[violation.invariant].add(violation.hand)
        return {name: len(found) for name, found in hands.items()}

    def summary(self, examples: int = 3) -> str:
        lines = [f"{self.rules}: {self.hands} hands, {len(self.invariants)} invariants"]
        counts = self.counts()
        for name in self.invariants:
            count = counts[name]
            state = "ok" if not count else f"FAILED in {count} of {self.hands} hands"
            lines.append(f"  {name}: {state}")
            shown = [v for v in self.violations if v.invariant == name][:examples]
            lines += [f"      {violation}" for violation in shown]
        return "\n".join(lines)


def selected(profile: Profile, names: Iterable[str] | None = None) -> list[type[Invariant]]:
    """The invariants that apply to a game, all of them or those named."""
    chosen = list(names) if names is not None else list(INVARIANTS)
    unknown = [name for name in chosen if name not in INVARIANTS]
    if unknown:
        raise KeyError(f"no invariant {', '.join(unknown)} (known: {', '.join(INVARIANTS)})")
    return [INVARIANTS[name] for name in chosen if INVARIANTS[name].applies_to(profile)]


def check_hands(
    header: Record,
    hands: Iterable[Hand],
    names: Iterable[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Run the invariants over the hands of a log whose header is `header`."""
    profile = profile_for(header)
    classes = selected(profile, names)
    report = Report(str(header.get("rules")), [cls.name for cls in classes])
    for hand in hands:
        report.hands += 1
        checks = [cls(profile) for cls in classes]
        hooks: dict[str, list[tuple[Invariant, object, object]]] = {}
        for check in checks:
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
        for check in checks:
            check.end(hand.result, tracker, line)
            for at, message in check.failures:
                report.violations.append(Violation(check.name, hand.index, hand.seed, at, message))
        if progress is not None:
            progress(report.hands)
    return report


def check_log(
    path: str, names: Iterable[str] | None = None, progress: Callable[[int], None] | None = None
) -> Report:
    """Check a log file (see `check_hands`)."""
    wanted = list(names) if names is not None else list(INVARIANTS)
    choices = any("choice" in INVARIANTS[name].hooks for name in wanted if name in INVARIANTS)
    header, hands = read_log(path, choices)
    return check_hands(header, hands, wanted, progress)
