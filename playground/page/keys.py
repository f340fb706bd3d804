"""The arrow keys step through the hand wherever the focus is (but in a text field), and
every press counts: a component listens to the page's keys, keeps the step each press
asks for, and reports the latest one.

A press while the app is still running the last one is not dropped: the target is the step
asked for last (the step shown, plus every press since), sent with a number that grows
with each press; the app acts on the latest number once (`components.clicked`) and says
which it has acted on (`applied`), so the browser knows when it is back in step with the
page. Ten presses of → at ten a second reach ten steps on.
"""

from __future__ import annotations

import streamlit as st

KEYS_JS = """
const STEPS = { ArrowRight: 1, ArrowLeft: -1 };
// a field that takes the keys itself: text being typed, a list open, the rule editor
function typing(target) {
  if (!(target instanceof Element)) return false;
  const box = target.closest('input, textarea, select, [contenteditable]');
  if (box === null) return false;
  if (box.matches('[contenteditable="false"]')) return false;
  if (box.matches('input[role="combobox"]')) return box.getAttribute('aria-expanded') === 'true';
  if (box.matches('input')) return !['checkbox', 'radio', 'button', 'range'].includes(box.type);
  return true;
}
export default function (component) {
  const { data, setStateValue } = component;
  const keys = window.trKeys || (window.trKeys = { target: null, sent: 0 });
  keys.data = data;
  keys.send = setStateValue;
  if ((data.applied || 0) >= keys.sent) keys.target = null;  // every press acted on
  if (keys.listening) return;
  keys.listening = true;
  document.addEventListener('keydown', (event) => {
    const step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    event.preventDefault();  // the hand steps: a slider or a list in focus does not move
    event.stopPropagation();
    const shown = keys.target === null ? keys.data.current : keys.target;
    keys.target = Math.max(0, Math.min(keys.data.last, shown + step));
    keys.sent += 1;
    keys.send('key', { value: keys.target, n: keys.sent });
  }, true);
}
"""

_keys = st.components.v2.component("tablerules_keys", js=KEYS_JS, isolate_styles=False)


def arrow_keys(current: int, last: int, key: str = "keys") -> None:
    """Listen to → and ← on the page: `step_asked(key)` gives the step asked for
    (`current` is the step shown, `last` the last one there is)."""
    applied = st.session_state.get("clicks_seen", {}).get(key, 0)
    data = {"current": current, "last": last, "applied": applied}
    _keys(key=key, data=data, on_key_change=lambda: None)


def step_asked(key: str = "keys") -> int | None:
    """The step the keys asked for last, not yet acted on (None: no press since). Read
    before the component is drawn, so the page drawn next already shows it."""
    state = st.session_state.get(key)
    press = state.get("key") if hasattr(state, "get") else None
    if not isinstance(press, dict) or not isinstance(press.get("n"), int):
        return None
    seen = st.session_state.setdefault("clicks_seen", {})
    if seen.get(key) == press["n"]:
        return None
    seen[key] = press["n"]
    value = press.get("value")
    return value if isinstance(value, int) and not isinstance(value, bool) else None
