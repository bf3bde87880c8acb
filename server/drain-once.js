/**
 * `compression` (1.8) forwards `res.on("drain")` to its zlib stream but not
 * `res.removeListener`, so each `res.once("drain")` stays on that stream after
 * it fires (expressjs/compression#135, #152). React Router waits for one drain
 * per write that meets backpressure, so a long streamed page piled up one
 * listener per wait and Node warned "11 drain listeners added to [Gzip]".
 * Placed right after compression, this serves every `once("drain")` of a
 * response from a single listener, and `off("drain")` really removes a waiter.
 */
export function drainOnce(_req, res, next) {
  const waiting = [];
  let listening = false;
  const once = res.once;
  const removeListener = res.removeListener;
  res.once = function onceDrain(type, listener) {
    if (type !== "drain") return once.call(this, type, listener);
    waiting.push(listener);
    if (!listening) {
      listening = true;
      // Through compression's own `on`: to the zlib stream when the response is compressed, else to the response.
      this.on("drain", () => {
        for (const fn of waiting.splice(0)) fn.call(this);
      });
    }
    return this;
  };
  res.removeListener = res.off = function removeDrainListener(type, listener) {
    if (type === "drain") {
      const i = waiting.indexOf(listener);
      if (i !== -1) {
        waiting.splice(i, 1);
        return this;
      }
    }
    return removeListener.call(this, type, listener);
  };
  next();
}
