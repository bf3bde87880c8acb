// Loaded into the app by bench/http.ts (`node --import=…/count-queries.mjs server.js`):
// counts the statements the process sends to PostgreSQL (every query of
// node-postgres goes through Client#query: the app's pool, its transactions
// and the job queue alike) and prints the count on SIGUSR2 as
// `[queries] <n>`. One counter increment per query; nothing else changes.
import { createRequire } from "node:module";
import path from "node:path";
import process from "node:process";

const require = createRequire(path.join(process.cwd(), "package.json"));
const { Client } = require("pg");
let count = 0;
const query = Client.prototype.query;
Client.prototype.query = function countedQuery(...args) {
  count++;
  return query.apply(this, args);
};
process.on("SIGUSR2", () => process.stdout.write(`[queries] ${count}\n`));
