"""Rule files in the playground: the bundled ones, uploads, and the text being edited.

`RuleDraft` holds the text being edited, checked on every change; the last version that
checked clean keeps running (and is numbered, so the page can say which one runs) while a
broken edit shows its diagnostics. Free of Streamlit, so it can be tested alone.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import Any

from tablerules.dsl.diagnostics import Diagnostic, visible
from tablerules.dsl.limits import MAX_RULE_BYTES, bytes_text
from tablerules.dsl.loading.bundled import bundled_files, bundled_folder
from tablerules.interpreter.api import CheckCache, Checked, Game
from tablerules.interpreter.playlog.reader import header_record, text_sha256
from tablerules.playground.files.budget import checked_within_budget
from tablerules.playground.words.page_messages import page_messages

ROOT = Path(__file__).resolve().parents[2]
RULES = bundled_folder()  # in the source tree rules/, in an installed wheel tablerules/rules/
# what the upload box accepts (Streamlit counts whole megabytes); a rule file is refused
# above MAX_RULE_BYTES, with a message, and the page says that limit rather than this one
MAX_UPLOAD_MB = 1
MAX_RULE_TEXT = bytes_text(MAX_RULE_BYTES)
UPLOADED = " (uploaded)"  # how the page names an uploaded file: `mine.rules (uploaded)`
_GENERATIONS = count(1)


def bundled_rule_files() -> list[Path]:
    """The rule files shipped with the project: the games, then their variants."""
    return bundled_files()


def display_path(path: Path) -> str:
    """A path as the page shows it: relative to the project when it lies inside it."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def edited_file_name(path: Path) -> str:
    """The name an edited text is saved under: the file's own with `-edited`, so that a
    command comparing it with the file as saved names two files, not one twice."""
    return f"{path.stem}-edited{path.suffix or '.rules'}"


def upload_name(name: str) -> str:
    """An uploaded file's name as the playground shows and uses it: its last part, printable,
    never empty nor a folder's name."""
    shown = visible(Path(name).name)[:64]
    return shown if shown not in ("", ".", "..") else "uploaded.rules"


class UploadError(ValueError):
    """An uploaded file that cannot be a rule file (not text, too large): the reason as a
    message of the page's catalogue (`sidebar.KEY`) with its values, told in English by
    `str`."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values
        super().__init__(page_messages()(f"sidebar.{key}", **values))


def decode_upload(data: bytes) -> str:
    """The text of an uploaded rule file, or a clear reason why it is not one."""
    if len(data) > MAX_RULE_BYTES:
        raise UploadError("upload_too_large", size=f"{len(data):,}", most=MAX_RULE_TEXT)
    if b"\x00" in data:
        raise UploadError("upload_not_text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        # counted from 1 in the file as uploaded (the decoder counts after a byte-order mark)
        mark = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        raise UploadError("upload_not_utf8", byte=error.start + mark + 1) from None


@dataclass
class RuleDraft:
    """Rule text being edited, with its diagnostics and the last version that worked."""

    path: Path
    text: str
    checked: Checked | None = None
    last_good: Checked | None = None
    last_good_text: str = ""
    origin: str | None = None  # the uploaded text this draft began from (None: a file)
    options_applied: dict[str, str] | None = None
    version: int = 0  # how many texts have checked clean: the number of the one running
    failed_version: int = 0  # the number a broken text would have had
    # a new number for each draft: an editor showing another draft takes its text anew
    generation: int = field(default_factory=lambda: next(_GENERATIONS))
    replaced: int = 0  # times the text was replaced from outside the editor (a revert)
    taken: str | None = None  # the text the editor sent last, once taken in
    # texts checked once each: changing an option does not parse the file again
    checks: CheckCache = field(default_factory=CheckCache, repr=False)

    @classmethod
    def open(cls, path: Path) -> RuleDraft:
        draft = cls(path=path, text=path.read_text(encoding="utf-8"))
        draft.update(draft.text)
        return draft

    def update(self, text: str, options: dict[str, str] | None = None) -> None:
        """Check `text` (as if it were the file; `extends` reaches only the bundled files).
        A text the server has not seen is tried in a worker process under a budget first
        (`playground.files.budget`); each text is parsed once, whatever the options."""
        edited = text != self.last_good_text
        self.text = text
        self.checked = checked_within_budget(self.path, text, options, self.checks)
        if self.checked.ok:
            if edited or self.last_good is None:
                self.version += 1
            self.last_good = self.checked
            self.last_good_text = text
        else:
            self.failed_version = self.version + 1

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.checked.diagnostics if self.checked else []

    @property
    def broken(self) -> bool:
        return self.checked is None or not self.checked.ok

    @property
    def game(self) -> Game | None:
        """The game that runs: the current text if it checks, else the last good one."""
        return self.last_good.game if self.last_good else None

    @property
    def saved_text(self) -> str | None:
        """The text as saved: an upload's as uploaded, a file's as on disk (None: unreadable)."""
        if self.origin is not None:
            return self.origin
        try:
            return self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    @property
    def edited(self) -> bool:
        """Whether the running text is not the file's (an edit, or an upload)."""
        return self.last_good_text != self.saved_text

    @property
    def text_edited(self) -> bool:
        """Whether the text in the editor is not the file's (broken or not)."""
        return self.text != self.saved_text

    def revert(self) -> None:
        """Back to the text as saved, the edits dropped; an editor showing it takes it."""
        saved = self.saved_text
        if saved is not None:
            self.update(saved, self.options_applied)
            self.replaced += 1

    def log_header(self, rules_name: str, seed: int, bots: str) -> dict[str, Any]:
        """The play log's header for a hand of the running version: it carries that text
        (edited, or uploaded, it may be on no disk) so `tablerules replay` plays exactly it."""
        assert self.last_good is not None and self.last_good.loaded.rules is not None
        text = self.last_good_text
        extends = self.last_good.loaded.rules.extends
        options = self.last_good.loaded.options
        return header_record(
            rules_name, text_sha256(text, extends), options, seed, 1, bots, text=text
        )
