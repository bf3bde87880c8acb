// Request bodies: how large each one may be, and what happens to the part the
// app never reads.
//
// 1. Limits. One table (BODY_LIMITS) for the whole app: listing photos, the
//    signed mandate, and every other form, `.data` action and API. A body
//    declared larger than its route's limit is answered 413 before any byte of
//    it is read; a chunked body is answered 413 as soon as it passes the limit.
//    The routes read their forms through app/lib/multipart.server.ts with the
//    same table.
// 2. The unread rest. React Router's Express adapter reads `req` through a web
//    ReadableStream (@react-router/node's createReadableStreamFromReadable): it
//    listens for "data" at once, so Node counts the body as being consumed and
//    does not discard it when the response ends (http's resOnFinish calls
//    req._dump() only for a body nobody started reading), and it pauses `req`
//    when nobody pulls. An answer sent without reading the body (a 401 to a
//    visitor's upload, a redirect, a 405, a 429) therefore left the rest of the
//    body on the socket, the socket paused, and the next request on that
//    keep-alive connection was never read. Here such an answer carries
//    `Connection: close`, the rest of the body is read and dropped from the
//    moment it goes out (at most DRAIN_LIMITS.bytes, for at most
//    DRAIN_LIMITS.ms), and only then is the socket closed: closing with unread bytes would send a reset that can
//    overtake the answer on its way to the client.

import process from "node:process";
import { clearTimeout, setTimeout } from "node:timers";

const MB = 1024 * 1024;

/** Room for the text fields and the multipart framing next to the files. */
export const FORM_OVERHEAD_BYTES = MB;

/**
 * The largest body each kind of request may send. The photo and PDF figures
 * are the server's own per-file rules (5 photos of at most 10 MB each after
 * the browser compressed them, app/domain/listing/image-rules.ts; a signed
 * mandate under 10 MB, app/domain/mandate/mandate-terms.ts) plus the fields.
 * Every other form is text: the longest fields hold 5,000 characters.
 */
export const BODY_LIMITS = {
  listingPhotos: {
    bytes: 5 * 10 * MB + FORM_OVERHEAD_BYTES,
    title: "File too large",
    message: "The upload is too large. Please choose smaller photos.",
  },
  signedMandate: {
    bytes: 10 * MB + FORM_OVERHEAD_BYTES,
    title: "File too large",
    message: "The upload is too large. The signed mandate must be a PDF smaller than 10 MB.",
  },
  sellerDocument: {
    bytes: 10 * MB + FORM_OVERHEAD_BYTES,
    title: "File too large",
    message: "The upload is too large. Each document must be 10 MB or smaller.",
  },
  form: {
    bytes: 256 * 1024,
    title: "Request too large",
    message: "This request is larger than the marketplace accepts. Please shorten what you entered and try again.",
  },
};

/** Which routes take files (their page, its `.data` form, and the upload API); everything else is a form. */
const ROUTE_LIMITS = [
  [/^\/(?:api\/listings|seller\/create(?:\.data)?)\/?$/i, BODY_LIMITS.listingPhotos],
  // Editing a listing: its page, its `.data` form, and the edit API.
  [/^\/(?:api\/listings\/[^/.]+|seller\/listings\/[^/.]+\/edit(?:\.data)?)\/?$/i, BODY_LIMITS.listingPhotos],
  [/^\/seller\/mandate\/[^/]+\/?$/i, BODY_LIMITS.signedMandate],
  // A seller's verification document: one file at a time.
  [/^\/account\/verification(?:\.data)?\/?$/i, BODY_LIMITS.sellerDocument],
];

/** The limit for a request to `pathname`. */
export function bodyLimitFor(pathname) {
  for (const [pattern, limit] of ROUTE_LIMITS) if (pattern.test(pathname)) return limit;
  return BODY_LIMITS.form;
}

/** The declared Content-Length, or null when there is none (a chunked body, or no body). */
export function declaredLength(headers) {
  const value = headers["content-length"];
  if (value === undefined || !/^\d+$/.test(String(value).trim())) return null;
  return Number(value);
}

/** Whether the request sends a body at all (a length above 0, or chunks). */
export function hasBody(headers) {
  return headers["transfer-encoding"] !== undefined || (declaredLength(headers) ?? 0) > 0;
}

/** Whether a request's declared length is over its route's limit (answered 413 before reading). */
export function declaredTooLarge(pathname, headers) {
  const length = declaredLength(headers);
  return length !== null && length > bodyLimitFor(pathname).bytes;
}

/** How much of an unread body is still read (and dropped) after the answer, and for how long, before the socket is cut. */
export const DRAIN_LIMITS = { bytes: 8 * MB, ms: 5_000 };

/** The 413: plain text, or the app's JSON error shape for a client that asks for JSON (the upload script). */
function refuse(req, res, limit) {
  res.status(413).set("Connection", "close").set("Cache-Control", "no-store");
  if (req.accepts(["text/plain", "application/json"]) === "application/json") {
    res.json({ title: limit.title, message: limit.message });
  } else {
    res.type("text/plain").send(limit.message);
  }
}

/**
 * Every request with a body: refuses it (413) when it is too large, and makes
 * sure any part of it left unread when the answer goes out is read and
 * dropped (bounded) before the connection closes.
 */
export function requestBodies(req, res, next) {
  if (!hasBody(req.headers)) return next();
  const limit = bodyLimitFor(req.path);
  const socket = req.socket;
  let received = 0;
  let draining = false;
  let drainedFrom = 0;
  let finished = false; // the whole body arrived, or draining gave up at the byte bound
  let closeWhenDrained = null;
  let timer;

  const push = req.push;
  // The HTTP parser hands each piece of the body to req.push (http's parserOnBody): the one place to count it.
  req.push = function countedPush(chunk, encoding) {
    if (chunk === null) {
      endDrain({ whole: true });
      return push.call(this, chunk, encoding);
    }
    received += chunk.length;
    if (draining) {
      if (received - drainedFrom <= DRAIN_LIMITS.bytes) return true;
      endDrain({ whole: false });
      return false; // no more reading: the socket closes once the answer is written (or at the time bound)
    }
    if (received > limit.bytes) {
      if (!res.headersSent) refuse(req, res, limit);
      else startDraining();
      return true; // the app never gets the bytes past the limit
    }
    return push.call(this, chunk, encoding);
  };

  function startDraining() {
    if (draining) return;
    draining = true;
    drainedFrom = received;
    // Whatever waits for the body (React Router's stream) is let go: it sees the body end
    // when the rest has been dropped, and the answer it might still send is already out.
    req.removeAllListeners("data");
    req.resume(); // reads the socket again if the reader had paused it
    timer = setTimeout(() => socket.destroy(), DRAIN_LIMITS.ms);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  }

  function endDrain({ whole }) {
    if (finished) return;
    finished = true;
    if (whole) clearTimeout(timer);
    if (closeWhenDrained) process.nextTick(closeWhenDrained);
  }

  // Node closes a `Connection: close` socket with destroySoon() once the answer is written; with
  // bytes of the body still unread that close would reset the connection, so it waits for them.
  function lingerBeforeClosing() {
    const destroySoon = socket.destroySoon;
    socket.destroySoon = function destroyOnceDrained() {
      if (this.writable) this.end(); // the answer, then the end of our side; the body is still read
      closeWhenDrained = () => destroySoon.call(this);
      if (finished) process.nextTick(closeWhenDrained);
    };
  }

  const writeHead = res.writeHead;
  res.writeHead = function writeHeadAfterBody(...args) {
    if (!req.complete && !draining) {
      this.setHeader("Connection", "close");
      lingerBeforeClosing();
      startDraining();
    }
    return writeHead.apply(this, args);
  };

  if (declaredTooLarge(req.path, req.headers)) return refuse(req, res, limit);
  next();
}

/**
 * `Expect: 100-continue`: a client that asks before sending its body is told
 * 413 at once when the declared length is over the limit, instead of being
 * invited to send it (Node answers "100 Continue" by itself otherwise).
 */
export function answerExpectContinue(server) {
  server.on("checkContinue", (req, res) => {
    let pathname = "/";
    try {
      pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    } catch {
      // an address Express refuses later; its limit is the smallest
    }
    if (!declaredTooLarge(pathname, req.headers)) res.writeContinue();
    server.emit("request", req, res);
  });
}
