"""Plain data records for the IR: declared like pydantic models, with nothing built per class.

The IR is written once per rule file by the builder, which already types every word it
reads, so it needs no run-time validation; what it needs is to be cheap to define and to
import, because every command loads a rule file. Defining the IR's fifty pydantic models
cost a tenth of a second of each run, and stdlib dataclasses, which compile an `__init__`,
`__eq__` and `__repr__` for every class, cost half of that. A `Record` subclass is declared
exactly as a pydantic model would be:

    class Zone(Clause):
        name: str
        title: str = ""
        cards: list[str] = Field(default_factory=list, description="...")
        _hidden: dict[str, int] = PrivateAttr(default_factory=dict)

and gets keyword-only construction, equality, a repr and, with `ConfigDict(frozen=True)`,
immutability and a hash, all from one shared implementation reading the class's field list.
What pydantic gave the IR is kept where it is used: `model_copy(deep=True)`,
`model_dump(mode="json")`, and `model_json_schema()`, which builds mirror pydantic models
(same names, fields, defaults and docstrings) on first use, so `tablerules schema` still
describes the IR exactly as pydantic does.
"""

from __future__ import annotations

import copy
import json
import sys
from dataclasses import dataclass
from typing import Any, ClassVar, dataclass_transform


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class FieldSpec:
    """A field as declared: its default or default factory, and its description."""

    name: str = ""
    default: Any = MISSING
    default_factory: Any = MISSING
    description: str | None = None
    exclude: bool = False  # left out of `model_dump` (still in the schema, as in pydantic)

    @property
    def required(self) -> bool:
        return self.default is MISSING and self.default_factory is MISSING

    def value(self) -> Any:
        return self.default_factory() if self.default_factory is not MISSING else self.default


def ConfigDict(**settings: Any) -> dict[str, Any]:
    """A record's settings; only `frozen` changes anything here."""
    return dict(settings)


def Field(
    default: Any = MISSING,
    *,
    default_factory: Any = MISSING,
    description: str | None = None,
    exclude: bool = False,
) -> Any:
    """A field with a default (or a factory), a description for the JSON Schema, and
    whether `model_dump` leaves it out."""
    return FieldSpec(
        default=default,
        default_factory=default_factory,
        description=description,
        exclude=exclude,
    )


@dataclass(frozen=True)
class _Private:
    default_factory: Any


def PrivateAttr(default_factory: Any) -> Any:
    """State kept on a record that is neither a field, nor compared, dumped or described."""
    return _Private(default_factory)


def _is_class_var(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


@dataclass_transform(kw_only_default=True, field_specifiers=(Field,))
class Record:
    """Base of the IR records: fields from the class annotations, keyword-only."""

    model_config: ClassVar[dict[str, Any]] = {}
    _fields: ClassVar[tuple[FieldSpec, ...]] = ()
    _privates: ClassVar[tuple[tuple[str, Any], ...]] = ()
    _frozen: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = {spec.name: spec for spec in cls._fields}
        privates = dict(cls._privates)
        for name, annotation in vars(cls).get("__annotations__", {}).items():
            if _is_class_var(annotation):
                continue
            declared = vars(cls).get(name, MISSING)
            if name.startswith("_"):
                if isinstance(declared, _Private):
                    privates[name] = declared.default_factory
                    delattr(cls, name)
                continue
            if isinstance(declared, FieldSpec):
                spec = FieldSpec(
                    name,
                    declared.default,
                    declared.default_factory,
                    declared.description,
                    declared.exclude,
                )
            elif isinstance(declared, list | dict | set):
                spec = FieldSpec(name, default_factory=lambda v=declared: copy.copy(v))
            else:
                spec = FieldSpec(name, default=declared)
            if declared is not MISSING:
                delattr(cls, name)
            fields.pop(name, None)
            fields[name] = spec
        cls._fields = tuple(fields.values())
        cls._privates = tuple(privates.items())
        cls._frozen = bool(cls.model_config.get("frozen"))
        if not cls._frozen:
            cls.__hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as in pydantic

    def __init__(self, **values: Any) -> None:
        state = self.__dict__
        for spec in self._fields:
            if spec.name in values:
                state[spec.name] = values.pop(spec.name)
            elif spec.required:
                raise TypeError(f"{type(self).__name__} needs a value for {spec.name!r}")
            else:
                state[spec.name] = spec.value()
        if values:
            unknown = ", ".join(sorted(values))
            raise TypeError(f"{type(self).__name__} has no field {unknown}")
        for name, factory in self._privates:
            state[name] = factory()

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise AttributeError(f"{type(self).__name__} is frozen: {name} cannot be set")
        super().__setattr__(name, value)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in self._fields)

    def __hash__(self) -> int:
        return hash((type(self), *(getattr(self, f.name) for f in self._fields)))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self._fields)
        return f"{type(self).__name__}({shown})"

    # ── what the IR used of pydantic ───────────────────────────
    def model_copy(self, *, deep: bool = False) -> Any:
        return copy.deepcopy(self) if deep else copy.copy(self)

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        """The fields as plain data, recursively (tuples become lists in JSON mode)."""
        return {f.name: _dump(getattr(self, f.name), mode) for f in self._fields if not f.exclude}

    def model_dump_json(self) -> str:
        """The JSON form of `model_dump(mode="json")`, compact, as pydantic writes it."""
        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def model_validate(cls, data: Any) -> Any:
        """A record from plain data (as `model_dump` writes it), checked by the mirror
        pydantic model: a wrong field raises pydantic's `ValidationError`."""
        return _from_mirror(_mirror(cls).model_validate(data))

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Any:
        return _from_mirror(_mirror(cls).model_validate_json(text))

    @classmethod
    def model_rebuild(cls) -> None:
        """Nothing to rebuild: kept so the IR reads like the pydantic models it mirrors."""

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        """The JSON Schema pydantic gives the same declarations (built on first use)."""
        return _mirror(cls).model_json_schema()


def _dump(value: Any, mode: str) -> Any:
    if isinstance(value, Record):
        return value.model_dump(mode)
    if isinstance(value, list | tuple):
        items = [_dump(item, mode) for item in value]
        return items if mode == "json" or isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        return {key: _dump(item, mode) for key, item in value.items()}
    return value


# ── the mirror pydantic models, for the JSON Schema and validation ──
_MIRRORS: dict[type[Record], Any] = {}
_RECORDS: dict[Any, type[Record]] = {}  # mirror -> record


def _from_mirror(value: Any) -> Any:
    """A validated mirror model (and what it holds) as records."""
    record = _RECORDS.get(type(value))
    if record is not None:
        fields = type(value).model_fields
        return record(**{name: _from_mirror(getattr(value, name)) for name in fields})
    if isinstance(value, list):
        return [_from_mirror(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_from_mirror(item) for item in value)
    if isinstance(value, dict):
        return {key: _from_mirror(item) for key, item in value.items()}
    return value


def all_records() -> list[type[Record]]:
    """Every record class defined so far, bases before subclasses."""
    found: list[type[Record]] = []
    waiting: list[type[Record]] = [Record]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            if subclass not in found:
                found.append(subclass)
                waiting.append(subclass)
    return sorted(found, key=lambda c: len(c.__mro__))


def _mirror(root: type[Record]) -> Any:
    if root in _MIRRORS:
        return _MIRRORS[root]
    import pydantic

    records = all_records()
    namespace: dict[str, Any] = {}
    for module in {sys.modules[record.__module__] for record in records}:
        namespace.update(vars(module))
    made: dict[type[Record], Any] = {}
    for record in records:
        parent = next((b for b in record.__mro__[1:] if b in made), None)
        # a module of its own, so that names resolve to the mirrors (on rebuild), not the records
        body: dict[str, Any] = {
            "__module__": f"{record.__module__}.mirror",
            "__qualname__": record.__name__,
        }
        if record.__doc__ is not None:
            body["__doc__"] = record.__doc__
        if "model_config" in vars(record):
            body["model_config"] = pydantic.ConfigDict(**record.model_config)
        own = vars(record).get("__annotations__", {})
        annotations = {}
        for spec in record._fields:
            if spec.name not in own:
                continue  # inherited: declared on the mirror's base
            annotations[spec.name] = own[spec.name]
            options: dict[str, Any] = {}
            if spec.description is not None:
                options["description"] = spec.description
            if spec.exclude:
                options["exclude"] = True
            if spec.default is not MISSING:
                body[spec.name] = pydantic.Field(spec.default, **options)
            elif spec.default_factory is not MISSING:
                body[spec.name] = pydantic.Field(default_factory=spec.default_factory, **options)
            elif options:
                body[spec.name] = pydantic.Field(**options)
        body["__annotations__"] = annotations
        mirror = type(record.__name__, (made.get(parent, pydantic.BaseModel),), body)
        made[record] = mirror
        namespace[record.__name__] = mirror
    for mirror in made.values():
        mirror.model_rebuild(_types_namespace=namespace)
    _MIRRORS.update(made)
    _RECORDS.update({mirror: record for record, mirror in made.items()})
    return made[root]
