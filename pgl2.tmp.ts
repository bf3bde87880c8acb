import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
const file = "/tmp/pgl-template.tar";
if (!fs.existsSync(file)) {
  const p = await PGlite.create();
  fs.writeFileSync(file, Buffer.from(await (await p.dumpDataDir("none")).arrayBuffer()));
  process.exit(0);
}
let t = performance.now();
const q = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
console.log("load fresh process", (performance.now() - t).toFixed(0));
t = performance.now();
const r = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
console.log("load again", (performance.now() - t).toFixed(0));
t = performance.now();
const s = await PGlite.create();
console.log("initdb", (performance.now() - t).toFixed(0));
