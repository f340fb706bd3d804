"""Uploads in the playground (AppTest): an uploaded file played in every tab, and a file that
is not a rule file refused in words."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest
from tablerules.playground.files.drafts import (
    MAX_RULE_BYTES,
    UploadError,
    decode_upload,
    display_path,
)

from .page import PMZ, TWO_HORSES, click, compare_box, load, open_tab, run, texts, upload


def test_an_uploaded_file_is_played_in_every_tab(app: AppTest) -> None:
    """The box names the upload; every tab works with it, nothing fails on the page."""
    text = TWO_HORSES.read_text(encoding="utf-8").replace('extends "../', 'extends "')
    upload(app, "mine.rules", text.encode("utf-8"))
    assert app.selectbox(key="rule_file").value == "mine.rules (uploaded)"
    label = app.file_uploader(key="upload").label
    assert label == "Your own rule file: upload a .rules file (at most 64 KB)"
    assert app.session_state["draft"].text == text
    click(app, "to_end")
    assert app.session_state["hand"].game.compiled.options["horses"] == 2
    for tab in ("Rules", "Compare variants", "Golden scenarios"):
        open_tab(app, tab)
        assert not app.error, (tab, [e.value for e in app.error])
    assert any("No golden scenario uses mine.rules" in m.value for m in app.markdown)
    open_tab(app, "Compare variants")
    compare_box(app).set_value(display_path(PMZ))
    run(app)
    click(app, "compare_run")
    assert "Money by seat" in texts(app)
    load(app, PMZ)  # back to a bundled file and to the upload: each keeps its own draft
    app.selectbox(key="rule_file").set_value("mine.rules (uploaded)")
    run(app)
    assert app.session_state["draft"].text == text


def test_an_upload_that_is_not_a_rule_file_is_refused_in_words(app: AppTest) -> None:
    upload(app, "picture.rules", b"\x89PNG\r\n\x1a\n\x00\x00")
    assert [e.value for e in app.error] == [
        "picture.rules: the file is not text (it contains NUL bytes): upload a .rules file"
    ]
    assert app.selectbox(key="rule_file").value != "picture.rules (uploaded)"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"game x\x00\x01\x02", "NUL bytes"),
        (b"game \xff\xfe ok", "not UTF-8 text (byte 6 cannot"),  # counted from 1
        (b"\xef\xbb\xbfgame \xff", "not UTF-8 text (byte 9 cannot"),  # the mark counted
        (b"#" * (MAX_RULE_BYTES + 1), "at most 64 KB"),
    ],
)
def test_upload_that_is_not_a_rule_file_is_refused_clearly(data: bytes, reason: str) -> None:
    with pytest.raises(UploadError, match=re.escape(reason)):
        decode_upload(data)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (
            b"game x\x00\x01\x02",
            "picture.rules：这个文件不是文本（含有 NUL 字节）：请上传一个 .rules 文件",
        ),
        (b"game \xff\xfe ok", "picture.rules：这个文件不是 UTF-8 文本（第 6 个字节读不出来）"),
        (
            b"#" * (MAX_RULE_BYTES + 1),
            "picture.rules：这个文件有 65,537 字节；规则文件是最多 64 KB",
        ),
    ],
)
def test_an_upload_is_refused_in_the_page_s_language(app: AppTest, data: bytes, said: str) -> None:
    """The refusal is told in the page's language, and again in another one chosen after."""
    app.selectbox(key="lang").select("zh-Hans")
    run(app)
    upload(app, "picture.rules", data)
    assert [e.value[: len(said)] for e in app.error] == [said]
    app.selectbox(key="lang").select("en")
    run(app)
    assert [e.value.startswith("picture.rules: the file ") for e in app.error] == [True]
