// The progress line of `groundcheck check` and `npm run eval`: done of total, the rate,
// and the time left at that rate.
//
//   [##########..............] 410/1000 (41%) · 137.2/s · ETA 0:04

/** `m:ss` (or `h:mm:ss`) for a number of seconds. */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Items per second, with one decimal below 100. */
function rateText(rate) {
  return `${rate >= 100 ? Math.round(rate) : rate.toFixed(1)}/s`;
}

/**
 * One progress line: `done` of `total` (null when unknown: no bar, no ETA) after
 * `elapsedMs` milliseconds.
 */
export function progressLine(done, total, elapsedMs, width = 24) {
  const secs = Math.max(0, elapsedMs) / 1000;
  const rate = secs > 0 ? done / secs : 0;
  const speed = secs > 0 && done > 0 ? ` · ${rateText(rate)}` : "";
  if (!total) return `checked ${done}${speed} · ${formatDuration(secs)} elapsed`;
  const share = Math.min(1, done / total);
  const filled = Math.round(share * width);
  const eta = done >= total ? ` · done in ${formatDuration(secs)}` : rate > 0 ? ` · ETA ${formatDuration((total - done) / rate)}` : " · ETA –";
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} (${Math.round(share * 100)}%)${speed}${eta}`;
}

/**
 * A progress line on `stream` (a TTY's stderr), redrawn at most every `everyMs`
 * milliseconds and on the last item. `clear()` removes it before other output;
 * `end()` leaves the final line.
 */
export function progressBar(stream, total, { everyMs = 100, now = () => performance.now() } = {}) {
  const started = now();
  let last = -Infinity;
  let shown = false;
  let done = 0;
  let drawn = -1; // `done` when the line was last drawn
  const draw = () => {
    stream.write(`\r${progressLine(done, total, now() - started)}\x1b[K`);
    shown = true;
    drawn = done;
    last = now();
  };
  return {
    tick(n = 1) {
      done += n;
      if (now() - last >= everyMs || (total && done >= total)) draw();
    },
    clear() {
      if (shown) stream.write("\r\x1b[K");
      shown = false;
      drawn = -1;
    },
    end() {
      if (done > 0 && drawn !== done) draw();
      if (shown) stream.write("\n");
      shown = false;
    },
  };
}
