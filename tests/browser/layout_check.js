// The table's layout checked by the page at every state it draws (tests/browser/test_table_layout.py):
// a seat out of the felt or over the turn line, a trick card over a seat, a corner box or another
// card, seats over each other or over a corner box, a seat's tag or numbers out of its box, the
// deal's outcome under a card or over the trick's label, the trick's label over a seat, a bot's
// name or level cut, a phone's boxes above the felt in two rows are kept in window.__layout.bad.
(() => {
  const log = { bad: [], maxTrick: 0, checks: 0, minCardWidth: Infinity, outcomes: 0, outcomesAside: 0, labels: 0, labelsAside: 0 };
  window.__layout = log;
  const box = (el) => el.getBoundingClientRect();
  const hits = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const r = (b) => [b.left, b.top, b.right, b.bottom].map(Math.round).join(',');
  function check(when) {
    const felt = document.getElementById('felt');
    if (!felt || document.querySelector('#felt .end-layer, #felt .banner')) return;
    const F = box(felt);
    if (!F.width) return;
    const named = (sel, name) => [...felt.querySelectorAll(sel)].map((el) => [name(el), box(el)]);
    const seats = named(':scope > .seat', (el) => 'seat ' + el.dataset.seat + ' (' + el.innerText.replace(/\s+/g, ' ').slice(0, 40) + ')');
    const cards = named('.trick-card .card', (el) => 'trick card of seat ' + el.closest('.trick-card').dataset.trickSeat);
    const corners = named(':scope > .corner-info > *', (el) => 'corner box ' + el.innerText.replace(/\s+/g, ' ').slice(0, 30));
    const turn = document.getElementById('turn');
    log.checks += 1;
    log.maxTrick = Math.max(log.maxTrick, cards.length);
    for (const c of cards) {
      if (c[1].width >= log.minCardWidth) continue;
      log.minCardWidth = c[1].width; // where: the seats and cards then
      log.minCardAt = `${when} state ${document.body.dataset.state}: ` + [...seats, ...cards].map((x) => `${x[0]} [${r(x[1])}]`).join('; ');
    }
    const say = (a, b, what) => log.bad.push(`${when} state ${document.body.dataset.state}: ${a[0]} [${r(a[1])}] ${what} ${b[0]} [${r(b[1])}]`);
    for (const s of seats) {
      const b = s[1];
      if (b.left < F.left - 1 || b.right > F.right + 1 || b.top < F.top - 1 || b.bottom > F.bottom + 1) say(s, ['the felt', F], 'runs out of');
      if (turn && turn.textContent.trim() && hits(b, box(turn))) say(s, ['the turn line', box(turn)], 'covers');
      for (const c of corners) if (hits(b, c[1])) say(s, c, 'covers');
    }
    // the deal's outcome is on top where it is drawn (not under the trick's cards), apart from
    // the last trick's label
    const ann = felt.querySelector('[data-testid=announcement]');
    // (told in the turn line under the felt where it would have lain over the last trick)
    if (!ann && document.querySelector('#turn [data-testid=announcement]')) log.outcomesAside += 1;
    if (ann) {
      const a = box(ann);
      ann.style.pointerEvents = 'auto'; // (the middle lets clicks through: hit-tested here only)
      const top = document.elementFromPoint(a.left + a.width / 2, a.top + a.height / 2);
      ann.style.pointerEvents = '';
      log.outcomes += 1;
      if (top && !ann.contains(top)) say(['the outcome', a], ['a ' + (top.className || top.tagName), box(top)], 'is under');
      const label = felt.querySelector('[data-testid=trick-winner] .tag');
      if (label && hits(a, box(label))) say(['the outcome', a], ['the trick\'s label', box(label)], 'covers');
      for (const s of seats) if (hits(a, s[1])) say(['the outcome', a], s, 'covers');
    }
    // what a seat's box holds stays in it (a long tag, "Сдающий: не играет", ran past its edge)
    for (const el of felt.querySelectorAll(':scope > .seat')) {
      const b = box(el);
      for (const tag of el.querySelectorAll('.tag, .stat')) {
        const t = box(tag);
        if (t.width && (t.left < b.left - 1 || t.right > b.right + 1)) {
          say(['the ' + tag.className + ' "' + tag.innerText.trim() + '"', t], ['seat ' + el.dataset.seat, b], 'runs out of');
        }
      }
    }
    // a bot's name and level read whole (a phone cut "Bot 2 · Jugador de club" to "Bot 2 · Jugador d…")
    for (const el of felt.querySelectorAll(':scope > .seat.bot')) {
      for (const part of el.querySelectorAll('.name > span:last-child, .level')) {
        if (part.scrollHeight > part.clientHeight + 1 || part.scrollWidth > part.clientWidth + 1) {
          say(['the name "' + part.innerText.trim() + '" of seat ' + el.dataset.seat, box(part)], ['its own box', box(part)], 'is cut in');
        }
      }
    }
    // the trick's label ("X takes the trick") covers no seat
    const label = felt.querySelector('[data-testid=trick-winner] .tag');
    // (told in the turn line under the felt where it had no room clear of the cards)
    if (!label && document.querySelector('#turn [data-testid=trick-winner]')) log.labelsAside += 1;
    if (label) {
      log.labels += 1;
      for (const s of seats) if (hits(box(label), s[1])) say(['the trick\'s label', box(label)], s, 'covers');
    }
    // a phone's boxes above the felt keep to one row (a second row pushed the hand below the fold)
    const strip = document.getElementById('felt-info');
    const infos = strip && strip.offsetParent !== null ? [...strip.querySelectorAll('.info-box')] : [];
    const tops = infos.map((el) => box(el).top);
    if (tops.length && Math.max(...tops) - Math.min(...tops) > 2) {
      log.bad.push(`${when} state ${document.body.dataset.state}: the boxes above the felt take two rows: ` + infos.map((el) => `${el.innerText.replace(/\s+/g, ' ')} [${r(box(el))}]`).join('; '));
    }
    // a hand card's mark (a matador's star, the joker) keeps to the part of its card in sight: the
    // cards after it lie over its right side (a Tresillo phone showed the star as a dot between
    // two cards)
    const hand = [...document.querySelectorAll('#hand .card')];
    hand.forEach((el, i) => {
      const m = getComputedStyle(el, '::after');
      if (!m.content || m.content === 'none' || m.position !== 'absolute') return;
      const c = box(el);
      const w = parseFloat(m.width), ht = parseFloat(m.height);
      const left = m.left !== 'auto' ? c.left + parseFloat(m.left) : c.right - parseFloat(m.right) - w;
      const top = m.top !== 'auto' ? c.top + parseFloat(m.top) : c.bottom - parseFloat(m.bottom) - ht;
      const mark = { left, top, right: left + w, bottom: top + ht };
      log.marks = (log.marks || 0) + 1;
      for (const over of hand.slice(i + 1)) {
        if (hits(mark, box(over))) say(['the mark ' + m.content + ' of hand card ' + i, mark], ['hand card ' + hand.indexOf(over), box(over)], 'is under');
      }
    });
    seats.forEach((a, i) => seats.slice(0, i).forEach((b) => hits(a[1], b[1]) && say(a, b, 'covers')));
    cards.forEach((a, i) => {
      for (const s of seats) if (hits(a[1], s[1])) say(a, s, 'covers');
      for (const c of corners) if (hits(a[1], c[1])) say(a, c, 'covers');
      cards.slice(0, i).forEach((b) => hits(a[1], b[1]) && say(a, b, 'covers'));
    });
  }
  window.__layoutCheck = check; // for a moment no state marks (the table under the end's dialog)
  document.addEventListener('tapete:state', () => check('state'));
  document.addEventListener('tapete:sweep', (e) => e.detail.phase === 'end' && check('swept'));
})();
