// The rule editor: a textarea over a highlighted copy of its text, a gutter of line numbers
// marking diagnostics, and the list of diagnostics, each a link to its line.
// data: {text, generation, keywords, cards, names, diagnostics: [{where, line, column,
// severity, code, message, hint}], store, base, edited, forget}. State sent back: {text,
// restored, copies}.
//
// An edit is kept in the browser (localStorage, under `store`) as it is typed, with `base`,
// a digest of the file it was made on: a reload finds it and sends it back as the text
// (`restored` says when it was kept and whether the file has changed since). Once the
// text is the file's again (`edited` false), it is forgotten. Where the browser keeps
// nothing (storage refused), leaving the page with an edit asks first.
//
// Two tabs of one browser editing one file share that place. Each page keeps a mark of its
// own (`tab`) in what it keeps: a tab about to keep its text over an edit another tab kept
// since this one loaded keeps that edit first as a copy (under `store` + COPY + that tab's
// mark) and sends the copies of the file (`copies`: [{key, at, text}]) for the page to
// tell; a tab forgets only what it kept or found. `forget` lists copies to drop ({key, at}:
// a copy kept since under the same key stays).

const SEND_AFTER_MS = 400;
const COPY = '~';
const TAB = Math.random().toString(36).slice(2, 10);

function stored(key) {
  try {
    const found = JSON.parse(window.localStorage.getItem(key) || 'null');
    return found && typeof found.text === 'string' ? found : null;
  } catch (error) {
    return null;
  }
}

function write(key, entry) {
  try {
    window.localStorage.setItem(key, JSON.stringify(entry));
    return true;
  } catch (error) {
    return false;  // storage full or refused: the page warns before it is left
  }
}

function forget(key) {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    // nothing kept, nothing to forget
  }
}

// The copies of the edits of `store` that other tabs kept, oldest first.
function copies(store) {
  const found = [];
  try {
    for (let n = 0; n < window.localStorage.length; n += 1) {
      const key = window.localStorage.key(n);
      if (key && key.startsWith(store + COPY)) {
        const entry = stored(key);
        if (entry) found.push({ key, at: entry.at || 0, text: entry.text });
      }
    }
  } catch (error) {
    return [];
  }
  return found.sort((a, b) => a.at - b.at);
}

// Whether what is kept under `store` is this tab's, or the one it found on loading.
function ours(root, entry) {
  return !entry || entry.tab === TAB || (root.trFound !== null && entry.at === root.trFound);
}

// Keep `text` as this tab's edit; another tab's edit kept since this one loaded is kept
// first as a copy, and the page is told. True when the text is kept.
function keep(root, setStateValue, text, base) {
  const key = root.trData.store;
  const there = stored(key);
  if (!ours(root, there) && there.text !== text) {
    const copy = { text: there.text, base: there.base, at: there.at, tab: there.tab };
    write(key + COPY + (there.tab || 'earlier'), copy);
    setStateValue('copies', copies(key));
  }
  forget(key + COPY + TAB);  // an older text of this tab's own, which this one follows
  const at = Date.now();
  const kept = write(key, { text, base, at, tab: TAB });
  if (kept) root.trFound = null;
  return kept;
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// One line of the rule language as highlighted HTML.
function highlightLine(line, words) {
  const token = /(#.*$)|("(?:[^"\\]|\\.)*"?)|(\[[^\]]*\]?)|([^\s"#\[\]:,=()×*+\-\/|{}<>]+)|([\s\S])/gy;
  let html = '';
  let found;
  token.lastIndex = 0;
  while ((found = token.exec(line)) !== null && found[0] !== '') {
    const [text, comment, string, cites, word] = found;
    let kind = '';
    if (comment) kind = 'comment';
    else if (string) kind = 'string';
    else if (cites) kind = /[A-Za-z]+-[A-Za-z0-9]+/.test(cites) ? 'cite' : '';
    else if (word) {
      if (words.keywords.has(word)) kind = 'keyword';
      else if (words.cards.has(word)) kind = 'card';
      else if (words.names.has(word)) kind = 'name';
      else if (/^\d+(\.\.\d+)?$/.test(word)) kind = 'number';
    }
    html += kind ? `<span class="tr-hl-${kind}">${escapeHtml(text)}</span>` : escapeHtml(text);
  }
  return html;
}

// The text highlighted, with each located diagnostic underlined from its column to the end
// of the word there.
function highlight(text, words, diagnostics) {
  const marks = new Map();
  for (const d of diagnostics) {
    if (d.line > 0 && !marks.has(d.line)) marks.set(d.line, d);
  }
  return text.split('\n').map((line, index) => {
    const d = marks.get(index + 1);
    if (!d) return highlightLine(line, words);
    const start = Math.max(0, Math.min(d.column - 1, line.length));
    let end = start;
    while (end < line.length && !/\s/.test(line[end])) end += 1;
    if (end === start) end = Math.min(line.length, start + 1);
    const css = d.severity === 'error' ? 'tr-hl-error' : 'tr-hl-warning';
    return highlightLine(line.slice(0, start), words)
      + `<span class="${css}">${escapeHtml(line.slice(start, end) || ' ')}</span>`
      + highlightLine(line.slice(end), words);
  }).join('\n') + '\n';
}

function build(parent) {
  const root = document.createElement('div');
  root.className = 'tr-ed';
  root.innerHTML = `
    <div class="tr-ed-scroll">
      <div class="tr-ed-gutter" aria-hidden="true"></div>
      <div class="tr-ed-area">
        <pre class="tr-ed-hl" aria-hidden="true"></pre>
        <textarea class="tr-ed-input" spellcheck="false" wrap="off" autocapitalize="off"
          autocomplete="off" aria-label="the rule file"></textarea>
      </div>
    </div>
    <div class="tr-ed-diags" role="list"></div>`;
  parent.appendChild(root);
  return root;
}

export default function (component) {
  const { data, setStateValue, parentElement } = component;
  const root = parentElement.querySelector(':scope > .tr-ed') || build(parentElement);
  const input = root.querySelector('.tr-ed-input');
  const painted = root.querySelector('.tr-ed-hl');
  const gutter = root.querySelector('.tr-ed-gutter');
  const scroller = root.querySelector('.tr-ed-scroll');
  const list = root.querySelector('.tr-ed-diags');
  const words = {
    keywords: new Set(data.keywords),
    cards: new Set(data.cards),
    names: new Set(data.names),
  };
  root.trWords = words;
  root.trDiagnostics = data.diagnostics;

  const paint = () => {
    const text = input.value;
    painted.innerHTML = highlight(text, root.trWords, root.trDiagnostics);
    const lines = text.split('\n').length;
    const marked = new Map();
    for (const d of root.trDiagnostics) if (d.line > 0 && !marked.has(d.line)) marked.set(d.line, d);
    let numbers = '';
    for (let n = 1; n <= lines; n += 1) {
      const d = marked.get(n);
      numbers += d
        ? `<div class="tr-ed-mark tr-ed-${d.severity}" title="${escapeHtml(`${d.code}: ${d.message}`)}">${n}</div>`
        : `<div>${n}</div>`;
    }
    gutter.innerHTML = numbers;
  };

  const jump = (line, column) => {
    const lines = input.value.split('\n');
    let offset = 0;
    for (let n = 0; n < Math.min(line - 1, lines.length); n += 1) offset += lines[n].length + 1;
    offset += Math.max(0, column - 1);
    input.focus({ preventScroll: true });
    input.setSelectionRange(offset, offset);
    const height = parseFloat(getComputedStyle(input).lineHeight) || 18;
    scroller.scrollTop = Math.max(0, (line - 1) * height - scroller.clientHeight / 3);
    root.dataset.jumped = String(line);
  };

  root.trData = data;
  if (data.texts) input.setAttribute('aria-label', data.texts.label);
  if (root.trGeneration !== data.generation) {  // a text from outside: take it
    root.trGeneration = data.generation;
    input.value = data.text;
    root.trSent = data.text;
    const fresh = root.trStore !== data.store;
    const kept = fresh ? stored(data.store) : null;
    root.trStore = data.store;
    if (fresh) {
      root.trFound = kept ? kept.at : null;
      const others = copies(data.store);
      if (others.length) setStateValue('copies', others);
    }
    if (kept && kept.text !== data.text) {  // an edit kept in this browser: back to it
      input.value = kept.text;
      root.trSent = kept.text;
      setStateValue('restored', { at: kept.at || 0, changed: kept.base !== data.base });
      setStateValue('text', kept.text);
    } else if (data.edited) {  // an edited text from the page (a scenario's): keep it too
      root.trUnkept = !keep(root, setStateValue, data.text, data.base);
    }
  }
  if (!data.edited && input.value === data.text && ours(root, stored(data.store))) {
    forget(data.store);
  }
  const asked = JSON.stringify(data.forget || []);
  if (data.forget && data.forget.length && root.trForgot !== asked) {
    root.trForgot = asked;  // copies the page was told to drop, as they were when told
    for (const { key, at } of data.forget) {
      const copy = key.startsWith(data.store + COPY) ? stored(key) : null;
      if (copy && copy.at === at) forget(key);
    }
    setStateValue('copies', copies(data.store));
  }

  if (!root.trWired) {
    root.trWired = true;
    let timer = null;
    const send = () => {
      clearTimeout(timer);
      if (input.value !== root.trSent) {
        root.trSent = input.value;
        setStateValue('text', input.value);
      }
    };
    // one repaint a frame: keys that arrive faster than the text is highlighted are painted
    // together, so typing never queues behind the highlighting
    let painting = false;
    const paintSoon = () => {
      if (painting) return;
      painting = true;
      requestAnimationFrame(() => {
        painting = false;
        paint();
      });
    };
    input.addEventListener('input', () => {
      paintSoon();
      const now = root.trData;
      root.trUnkept = !keep(root, setStateValue, input.value, now.base);
      clearTimeout(timer);
      timer = setTimeout(send, SEND_AFTER_MS);
    });
    window.addEventListener('beforeunload', (event) => {
      if (root.isConnected && root.trUnkept && root.trData.edited) event.preventDefault();
    });
    input.addEventListener('blur', send);
    input.addEventListener('keydown', (event) => {
      event.stopPropagation();  // keys typed here are not the page's shortcuts
      if (event.key === 'Tab' && !event.shiftKey) {
        event.preventDefault();
        const { selectionStart: start, selectionEnd: end } = input;
        input.setRangeText('  ', start, end, 'end');
        input.dispatchEvent(new Event('input'));
      }
    });
    list.addEventListener('click', (event) => {
      const row = event.target.closest('[data-line]');
      if (row && Number(row.dataset.line) > 0) jump(Number(row.dataset.line), Number(row.dataset.column));
    });
  }

  list.innerHTML = data.diagnostics.map((d) => {
    const said = data.texts || { hint: 'hint' };
    const hint = d.hint ? `<div class="tr-ed-hint">${escapeHtml(said.hint)}${escapeHtml(d.hint)}</div>` : '';
    const link = d.line > 0 ? ' tr-ed-link' : '';
    return `<div class="tr-ed-diag tr-ed-${d.severity}${link}" role="listitem" data-line="${d.line}"`
      + ` data-column="${d.column}"><b>${escapeHtml(d.where)}</b> ${d.severity}[${d.code}]: `
      + `${escapeHtml(d.message)}${hint}</div>`;
  }).join('');
  paint();
}
