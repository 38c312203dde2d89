/**
 * Runs `work` once the browser has painted the next frame: requestAnimationFrame's callbacks run
 * before that frame's style, layout and paint, and a task queued from one runs after them. For
 * what must not hold back the page a person is waiting for. Returns the cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
