"""Reading an untrusted text file: a regular file, of bounded size, in UTF-8.

A path given by a user (or named inside a rule file or a log) may be a folder, a device
that never ends (`/dev/zero`), a pipe that never delivers, a symbolic-link loop, a name the
file system refuses, or bytes that are not text. Each of these becomes a `ReadError` whose
message says what is wrong, never an exception from deep inside the standard library.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

from tablerules.dsl.limits import bytes_text

_CHUNK = 1024 * 1024


class ReadError(ValueError):
    """A file that cannot be read as text; `line` and `column` locate a decoding error."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


def describe_os_error(error: OSError) -> str:
    """An operating-system error as its short text ('No such file or directory')."""
    return error.strerror or type(error).__name__


def read_bytes(path: str | Path, limit: int, what: str = "the file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; raises `ReadError` otherwise.

    The file is opened without blocking (a pipe with no writer would otherwise wait for
    ever) and checked to be a regular file before anything is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(os.fspath(path), flags)
    except ValueError:
        raise ReadError(f"{what} has a name no file can have") from None
    except OSError as error:
        raise ReadError(f"cannot read {what}: {describe_os_error(error)}") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise ReadError(f"{what} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise ReadError(f"{what} is not a regular file (a device, a pipe or a socket)")
        if info.st_size > limit:
            raise ReadError(f"{what} is {info.st_size:,} bytes; the limit is {bytes_text(limit)}")
        os.set_blocking(handle, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise ReadError(f"cannot read {what}: {describe_os_error(error)}") from None
    finally:
        os.close(handle)
    if size > limit:
        raise ReadError(f"{what} is over the limit of {bytes_text(limit)}")
    return b"".join(chunks)


def decode(data: bytes, what: str = "the file") -> str:
    """UTF-8 text without a leading byte-order mark; raises a located `ReadError`."""
    try:
        text = codecs.decode(data, "utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        start_of_line = before.rfind(b"\n") + 1
        column = len(before[start_of_line:].decode("utf-8", errors="replace")) + 1
        raise ReadError(
            f"{what} is not UTF-8 text (byte {error.start + 1} cannot be read): save it as UTF-8",
            line,
            column,
        ) from None
    return text


def read_text(path: str | Path, limit: int, what: str = "the file") -> str:
    """`read_bytes` then `decode`."""
    return decode(read_bytes(path, limit, what), what)


def is_dir(path: str | Path) -> bool:
    """Whether `path` is a folder; False for any name the system cannot look up (too long,
    a symbolic-link loop, not valid text) rather than an exception."""
    try:
        return os.path.isdir(path)
    except (OSError, ValueError):
        return False


def is_file(path: str | Path) -> bool:
    """Whether `path` is a regular file (see `is_dir`)."""
    try:
        return os.path.isfile(path)
    except (OSError, ValueError):
        return False
