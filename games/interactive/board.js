// The board of games.play, drawn in the notebook by anywidget.
//
// This file only draws and listens. Python (games/interactive/controllers.py) holds the
// game: it sends a "view" (the cells with their kind and text, which cells or columns may
// be played, Q-value colours, the status, the message, the buttons), and this code sends
// back what the student did, as small events:
//
//   {event: "click", target}   a cell (row * cols + col) or, for column games, a column
//   {event: "flag", target}    Minesweeper: right-click, long-press or the F key
//   any button's own event     "new_game", "flag_mode", "ai_move", Puyo's "move", "rotate", "drop"
//
// Mouse, touch (pointer events; a long press flags in Minesweeper) and keyboard (the board
// takes the focus: arrows choose, Enter or Space plays, F flags) all send the same events.

const LONG_PRESS_MS = 500; // a press held this long flags a Minesweeper cell
const MOVE_TOLERANCE_PX = 10; // a finger that moves further is scrolling, not pressing
const AFTER_LONG_PRESS_MS = 700; // ignore the click / context menu that follow a long press

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el }) {
  const root = element("div", "gail-play");
  const status = element("div", "gail-status");
  status.setAttribute("aria-live", "polite");
  const main = element("div", "gail-main");
  const boardArea = element("div", "gail-board-area");
  const board = element("div", "gail-board");
  board.tabIndex = 0;
  board.setAttribute("role", "group");
  // JupyterLab's keyboard shortcuts (Enter, arrows, F...) must not act while the board has focus.
  board.setAttribute("data-lm-suppress-shortcuts", "true");
  const side = element("div", "gail-side");
  const message = element("div", "gail-message");
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "assertive");
  const buttons = element("div", "gail-buttons");
  const help = element("div", "gail-help");
  boardArea.append(board);
  main.append(boardArea, side);
  root.append(status, main, message, buttons, help);

  let cursor = null; // the cell (or column) chosen with the keyboard
  let press = null; // a pointer held down on a cell: {timer, x, y}
  let ignoreUntil = 0; // time until which clicks and context menus are ignored (after a long press)

  const view = () => model.get("view") || {};
  const isColumnGame = () => view().target === "column";
  const canFlag = () => view().game === "minesweeper";

  function send(event) {
    if (view().thinking) return; // Python refuses too, with a message; this avoids the noise
    model.send(event);
  }

  function targetOf(node) {
    const cell = node && node.closest && node.closest("[data-target]");
    return cell && board.contains(cell) ? Number(cell.dataset.target) : null;
  }

  // ------------------------------------------------------------------ drawing
  function draw() {
    const v = view();
    root.dataset.game = v.game || "";
    root.dataset.version = String(v.version || 0);
    root.dataset.over = String(Boolean(v.over));
    root.dataset.thinking = String(Boolean(v.thinking));
    root.dataset.moves = String(v.moves || 0);
    root.classList.toggle("gail-thinking", Boolean(v.thinking));
    root.style.setProperty("--gail-cell", (v.cell_px || 48) + "px");
    status.textContent = v.status || "";
    status.classList.toggle("gail-result", Boolean(v.over));
    message.textContent = v.message || "";
    message.className = "gail-message" + (v.message_kind ? " gail-" + v.message_kind : "");
    board.setAttribute("aria-label", (v.labels && v.labels.board) || "");
    help.textContent = [(v.labels && v.labels.keys) || "", (v.labels && v.labels.q) || ""]
      .filter(Boolean).join(" · ");
    drawBoard(v);
    drawSide(v);
    drawButtons(v);
  }

  function drawBoard(v) {
    const rows = v.rows || 0;
    const cols = v.cols || 0;
    const playable = new Set(v.playable || []);
    const highlight = new Set(v.highlight || []);
    const marked = new Set(v.marked || []);
    const q = v.q || {};
    if (cursor !== null && cursor >= (isColumnGame() ? cols : rows * cols)) cursor = null;
    board.replaceChildren();
    board.dataset.cursor = cursor === null ? "" : String(cursor);
    board.className = "gail-board gail-" + (v.game || "game") + (v.flag_mode ? " gail-flag-mode" : "");
    board.style.gridTemplateColumns = `repeat(${cols}, var(--gail-cell))`;
    if (isColumnGame()) {
      for (let col = 0; col < cols; col++) {
        const header = element("div", "gail-column-head");
        header.dataset.target = String(col);
        header.dataset.column = String(col);
        if (playable.has(col)) {
          header.dataset.playable = "true";
          // the column's mark on the first line; paintQ puts the Q-value on a line of its own below
          header.append(element("span", "gail-head-mark", v.layout === "puyo" ? String(col) : "▼"));
        }
        if (v.layout === "puyo" && col === v.column) header.classList.add("gail-selected");
        paintQ(header, q[col]);
        if (col === cursor) header.classList.add("gail-cursor");
        header.title = headerTitle(v, col, q[col]);
        board.append(header);
      }
    }
    if (v.layout === "puyo") {
      (v.ghost || []).forEach((ghost, index) => {
        const node = element("div", "gail-ghost gail-" + ghost.kind, ghost.text);
        node.dataset.target = String(index % cols);
        board.append(node);
      });
    }
    (v.cells || []).forEach((cell, index) => {
      const node = element("div", "gail-cell gail-" + cell.kind);
      node.dataset.index = String(index);
      node.dataset.kind = cell.kind;
      const target = isColumnGame() ? index % cols : index;
      node.dataset.target = String(target);
      if (cell.text) node.append(element("span", "gail-mark", cell.text));
      if (!isColumnGame()) {
        if (playable.has(index)) node.dataset.playable = "true";
        paintQ(node, q[index]);
        if (index === cursor) node.classList.add("gail-cursor");
      } else if (v.layout !== "puyo" && target === cursor) {
        node.classList.add("gail-cursor-column");
      }
      if (highlight.has(index)) node.classList.add("gail-last");
      if (marked.has(index)) node.classList.add("gail-marked");
      node.title = cell.title + (q[index] && !isColumnGame() ? " · Q = " + q[index].text : "");
      board.append(node);
    });
  }

  // Move the keyboard cursor without drawing the board again (a redraw between the press and
  // the release of a mouse button would lose the click).
  function showCursor() {
    const columns = isColumnGame();
    for (const node of board.querySelectorAll(".gail-cursor, .gail-cursor-column")) {
      node.classList.remove("gail-cursor", "gail-cursor-column");
    }
    for (const node of board.querySelectorAll(`[data-target="${cursor}"]`)) {
      if (node.classList.contains("gail-column-head") || !columns) node.classList.add("gail-cursor");
      else if (!node.classList.contains("gail-ghost")) node.classList.add("gail-cursor-column");
    }
    board.dataset.cursor = String(cursor);
  }

  function headerTitle(v, col, value) {
    return (v.labels && v.labels.column ? v.labels.column + " " : "") + col +
      (value ? " · Q = " + value.text : "");
  }

  function paintQ(node, value) {
    if (!value) return;
    node.style.backgroundColor = value.colour;
    node.dataset.q = String(value.value);
    const label = element("span", "gail-q", value.text);
    if (value.text.length > 5) label.classList.add("gail-q-long"); // 12,345: a smaller font, to fit the cell
    node.append(label);
  }

  function drawSide(v) {
    side.replaceChildren();
    if (v.layout === "puyo") {
      side.append(element("div", "gail-side-title", "NEXT"));
      (v.next || []).forEach((pair) => {
        const shown = element("div", "gail-next");
        // the second puyo on top of the pivot, as the pair appears
        shown.append(puyo(pair[1]), puyo(pair[0]));
        side.append(shown);
      });
    }
    (v.side || []).forEach((line) => side.append(element("div", "gail-side-line", line)));
    side.hidden = side.childElementCount === 0;
  }

  function puyo(colour) {
    return element("div", "gail-cell gail-small gail-puyo" + colour, ".RGBYP"[colour] || "");
  }

  function drawButtons(v) {
    buttons.replaceChildren();
    (v.buttons || []).forEach((spec) => {
      const button = element("button", "gail-button", spec.text);
      button.type = "button";
      button.dataset.id = spec.id;
      if (spec.title) button.title = spec.title;
      if ("pressed" in spec) button.setAttribute("aria-pressed", String(Boolean(spec.pressed)));
      button.disabled = Boolean(spec.disabled) || Boolean(v.thinking && spec.id !== "new_game");
      button.addEventListener("click", () => send(spec.event));
      buttons.append(button);
    });
  }

  // ------------------------------------------------------------------ mouse and touch
  board.addEventListener("click", (event) => {
    if (Date.now() < ignoreUntil) return;
    const target = targetOf(event.target);
    if (target === null) return;
    send({ event: "click", target });
  });

  board.addEventListener("contextmenu", (event) => {
    if (!canFlag()) return;
    event.preventDefault(); // no browser menu: a right-click (or a long touch) flags
    if (Date.now() < ignoreUntil) return;
    const target = targetOf(event.target);
    if (target !== null) send({ event: "flag", target });
  });

  board.addEventListener("pointerdown", (event) => {
    cancelPress();
    if (!canFlag() || event.button !== 0) return;
    const target = targetOf(event.target);
    if (target === null) return;
    press = {
      x: event.clientX,
      y: event.clientY,
      timer: setTimeout(() => {
        press = null;
        ignoreUntil = Date.now() + AFTER_LONG_PRESS_MS;
        if (navigator.vibrate) navigator.vibrate(30);
        send({ event: "flag", target });
      }, LONG_PRESS_MS),
    };
  });

  board.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > MOVE_TOLERANCE_PX) {
      cancelPress();
    }
  });

  function cancelPress() {
    if (press) clearTimeout(press.timer);
    press = null;
  }

  for (const name of ["pointerup", "pointercancel", "pointerleave"]) {
    board.addEventListener(name, () => {
      cancelPress();
      // the click that follows a long press comes right after this pointerup
      if (ignoreUntil > Date.now()) ignoreUntil = Math.max(ignoreUntil, Date.now() + 300);
    });
  }

  // ------------------------------------------------------------------ keyboard
  const PUYO_KEYS = {
    ArrowLeft: { event: "move", by: -1 },
    ArrowRight: { event: "move", by: 1 },
    ArrowUp: { event: "rotate" },
    x: { event: "rotate" },
    z: { event: "rotate" },
    ArrowDown: { event: "drop" },
    Enter: { event: "drop" },
    " ": { event: "drop" },
  };

  board.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const v = view();
    let handled = true;
    if (v.layout === "puyo") {
      const action = PUYO_KEYS[event.key];
      if (action) send(action);
      else handled = false;
    } else {
      handled = gridKey(v, event.key);
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  });

  function gridKey(v, key) {
    const rows = v.rows || 1;
    const cols = v.cols || 1;
    const columns = isColumnGame();
    const last = columns ? cols - 1 : rows * cols - 1;
    // the first key starts on the first playable cell (a mouse click does not show the cursor)
    const at = cursor === null ? ((v.playable && v.playable.length) ? v.playable[0] : 0) : cursor;
    const moves = columns
      ? { ArrowLeft: -1, ArrowRight: 1 }
      : { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols };
    if (key in moves) {
      const next = at + moves[key];
      const sameRow = Math.floor(next / cols) === Math.floor(at / cols);
      if (cursor === null) cursor = at; // the first arrow only shows where the cursor is
      else if (next >= 0 && next <= last && (columns || Math.abs(moves[key]) !== 1 || sameRow)) cursor = next;
      showCursor();
      return true;
    }
    if (key === "Enter" || key === " ") {
      cursor = at;
      send({ event: "click", target: at });
      return true;
    }
    if ((key === "f" || key === "F") && canFlag()) {
      cursor = at;
      send({ event: "flag", target: at });
      return true;
    }
    return false;
  }

  model.on("change:view", draw);
  draw();
  el.append(root);
  return () => {
    cancelPress();
    model.off("change:view", draw);
  };
}

export default { render };
