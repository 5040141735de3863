// In-page measurement of bench/canvas.ts (plain JavaScript: it runs in Chromium as is).
/* global window, document, performance, requestAnimationFrame, createImageBitmap */
window.__measure = async (count, seconds) => {
  const w = globalThis;
  w.__c?.destroy();
  const host = document.getElementById('host');
  const colors = ['#e03131', '#2f9e44', '#1971c2', '#f08c00', '#9c36b5'];
  const c = new w.SLCanvas.AnnotationCanvas(host, { colorOf: (id) => colors[Number(id) % 5] });
  w.__c = c;
  // A 2048² textured image.
  const src = document.createElement('canvas');
  src.width = src.height = 2048;
  const g = src.getContext('2d');
  const grad = g.createLinearGradient(0, 0, 2048, 2048);
  grad.addColorStop(0, '#555');
  grad.addColorStop(1, '#999');
  g.fillStyle = grad;
  g.fillRect(0, 0, 2048, 2048);
  for (let i = 0; i < 3000; i++) {
    g.fillStyle = `rgba(${(i * 37) % 255},${(i * 91) % 255},${(i * 53) % 255},0.3)`;
    g.fillRect((i * 733) % 2048, (i * 419) % 2048, 20, 20);
  }
  await c.setImage(await createImageBitmap(src));
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const shapes = [];
  for (let i = 0; i < count; i++) {
    const cx = rnd() * 2000 + 24;
    const cy = rnd() * 2000 + 24;
    const n = 6 + Math.floor(rnd() * 7);
    const r = 8 + rnd() * 16;
    const points = [];
    for (let k = 0; k < n; k++) {
      const a = (k / n) * Math.PI * 2;
      const rr = r * (0.7 + 0.3 * rnd());
      points.push({ x: cx + rr * Math.cos(a), y: cy + rr * Math.sin(a) });
    }
    shapes.push({ id: `p${i}`, type: 'polygon', classId: String(i % 5), points });
  }
  c.setShapes(shapes);
  const { editor, view } = c.internals;
  // Time each draw.
  const draws = [];
  const orig = view.draw.bind(view);
  view.draw = () => {
    const t0 = performance.now();
    orig();
    draws.push(performance.now() - t0);
  };
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const start = performance.now();
  const frames0 = view.frames;
  const renders0 = view.shapeRenders;
  let t = 0;
  await new Promise((done) => {
    const tick = () => {
      t++;
      // Pan in a circle and zoom in and out around the centre: every frame repaints all layers.
      editor.pan(Math.cos(t / 20) * 6, Math.sin(t / 20) * 6);
      editor.zoom(t % 120 < 60 ? 1.01 : 1 / 1.01, { x: 500, y: 360 });
      if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
      else done();
    };
    requestAnimationFrame(tick);
  });
  const elapsed = (performance.now() - start) / 1000;
  const frames = view.frames - frames0;
  const renders = view.shapeRenders - renders0;
  // One crisp render of every visible shape (what a settle or an edit costs).
  const crisp = [];
  for (let i = 0; i < 5; i++) {
    view.snap = null;
    view.dirty.add('shapes');
    const t0 = performance.now();
    view.draw();
    view.layers.image.getContext('2d').getImageData(0, 0, 1, 1);
    crisp.push(performance.now() - t0);
  }
  crisp.sort((a, b) => a - b);
  draws.sort((a, b) => a - b);
  return {
    fps: Math.round((frames / elapsed) * 10) / 10,
    frames,
    shapeRenders: renders,
    renderMsMedian: Math.round(crisp[2] * 10) / 10,
    drawMsP95: Math.round((draws[Math.floor(draws.length * 0.95)] ?? 0) * 100) / 100,
  };
};
