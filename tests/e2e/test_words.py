"""The words drawn on buttons that Streamlit writes itself: the upload boxes' buttons (the
sidebar's rule file, the Golden scenarios tab's saved scenario) say "Upload" in the page's
language, as every other button does.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from .browser.journeys import open_at
from .browser.launch import DESKTOP
from .browser.waits import settle

pytestmark = pytest.mark.e2e

# What each upload button shows: its label's text unless drawn at no size, and what the
# stylesheet draws after it (the words a reader sees, which textContent alone does not say).
UPLOAD_WORDS_JS = """
return Array.from(document.querySelectorAll(
  '[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p'
)).map((p) => {
  const own = parseFloat(getComputedStyle(p).fontSize) > 0 ? p.textContent : '';
  const after = getComputedStyle(p, '::after');
  const drawn = after.content && after.content !== 'none' && parseFloat(after.fontSize) > 0
    ? after.content.replace(/^"|"$/g, '') : '';
  return own + drawn;
});
"""


@pytest.mark.parametrize(("lang", "word"), [("zh-Hant", "上傳"), ("zh-Hans", "上传")])
def test_the_upload_buttons_speak_the_page_language(
    app: WebDriver, app_url: str, lang: str, word: str
) -> None:
    open_at(app, app_url, DESKTOP, f"lang={lang}")
    settle(app, lambda d: len(d.execute_script(UPLOAD_WORDS_JS)) == 2, "both upload boxes")
    assert app.execute_script(UPLOAD_WORDS_JS) == [word, word]
