// The table's layout checked by the page at every state it draws (tests/browser/test_table_layout.py):
// a seat out of the felt or over the turn line, a trick card over a seat, a corner box or another
// card, seats over each other or over a corner box are kept in window.__layout.bad.
(() => {
  const log = { bad: [], maxTrick: 0, checks: 0 };
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
    const say = (a, b, what) => log.bad.push(`${when} state ${document.body.dataset.state}: ${a[0]} [${r(a[1])}] ${what} ${b[0]} [${r(b[1])}]`);
    for (const s of seats) {
      const b = s[1];
      if (b.left < F.left - 1 || b.right > F.right + 1 || b.top < F.top - 1 || b.bottom > F.bottom + 1) say(s, ['the felt', F], 'runs out of');
      if (turn && turn.textContent.trim() && hits(b, box(turn))) say(s, ['the turn line', box(turn)], 'covers');
      for (const c of corners) if (hits(b, c[1])) say(s, c, 'covers');
    }
    seats.forEach((a, i) => seats.slice(0, i).forEach((b) => hits(a[1], b[1]) && say(a, b, 'covers')));
    cards.forEach((a, i) => {
      for (const s of seats) if (hits(a[1], s[1])) say(a, s, 'covers');
      for (const c of corners) if (hits(a[1], c[1])) say(a, c, 'covers');
      cards.slice(0, i).forEach((b) => hits(a[1], b[1]) && say(a, b, 'covers'));
    });
  }
  document.addEventListener('tapete:state', () => check('state'));
  document.addEventListener('tapete:sweep', (e) => e.detail.phase === 'end' && check('swept'));
})();
