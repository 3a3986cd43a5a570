/**
 * npm run bench:pep — what the FollowTheMoney reader keeps of a PEP file between its two passes (ftm-pep.ts), at the
 * size of OpenSanctions' PEP collection: --peps persons with topic role.pep, --rcas relatives or associates, --posts
 * positions, --occupancies occupancies and --links family links (half of them after the PEP they name, half before).
 * The records are made one at a time and dropped after `collect`, as the streaming reader hands them over, so the
 * heap measured (after a full collection) is what the reader keeps: before and after the first pass ends (when the
 * names no link asked for are let go), then the time `detailsOf` takes for every person.
 *
 *   --peps N (600000)  --rcas N (100000)  --posts N (200000)  --occupancies N (900000)  --links N (100000)
 */
import { parseArgs } from "node:util";
import { FtmPepLinks } from "../lib/sanctions/parsers/ftm-pep.ts";

const { values } = parseArgs({
  options: {
    peps: { type: "string", default: "600000" },
    rcas: { type: "string", default: "100000" },
    posts: { type: "string", default: "200000" },
    occupancies: { type: "string", default: "900000" },
    links: { type: "string", default: "100000" },
  },
});
const [PEPS, RCAS, POSTS, OCCUPANCIES, LINKS] = [values.peps, values.rcas, values.posts, values.occupancies, values.links].map(Number);

const heapMiB = () => {
  Bun.gc(true);
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const personId = (i: number) => `NK-${i.toString(36).padStart(22, "a")}`;
const postId = (i: number) => `pos-${i.toString(36).padStart(27, "0")}`;
const family = (i: number) => ({
  id: `fam-${i}`,
  schema: "Family",
  properties: { person: [personId(i)], relative: [personId(PEPS + (i % RCAS))], relationship: ["spouse"] },
});

const before = heapMiB();
const links = new FtmPepLinks("2026-06-15");
let records = 0;
const started = performance.now();
for (let i = 0; i < POSTS; i++, records++)
  links.collect({
    id: postId(i),
    schema: "Position",
    properties: { name: [`Member of the Assembly of Region ${i}`], country: ["it"], topics: ["gov.national"] },
  });
for (let i = 0; i < PEPS + RCAS; i++, records++) {
  const name = `Invented Person ${i}`;
  links.collect({ id: personId(i), schema: "Person", caption: name, properties: { name: [name], topics: [i < PEPS ? "role.pep" : "role.rca"] } });
  if (i < LINKS && i % 2 === 0 && ++records) links.collect(family(i));
}
for (let i = 1; i < LINKS; i += 2, records++) links.collect(family(i));
for (let i = 0; i < OCCUPANCIES; i++, records++) {
  links.collect({
    id: `occ-${i}`,
    schema: "Occupancy",
    properties: { holder: [personId(i % PEPS)], post: [postId(i % POSTS)], startDate: ["2018-03-23"], endDate: ["2022-01-01"], status: ["ended"] },
  });
}
const collectMs = performance.now() - started;
const kept = heapMiB() - before;
links.endOfFirstPass();
const afterPass = heapMiB() - before;
const detailsStarted = performance.now();
let withDetails = 0;
for (let i = 0; i < PEPS + RCAS; i++) if (links.detailsOf(personId(i), [i < PEPS ? "role.pep" : "role.rca"])) withDetails++;
const detailsMs = performance.now() - detailsStarted;

console.log(`records collected: ${records.toLocaleString("en")} in ${Math.round(collectMs)} ms`);
console.log(`heap kept during the first pass: ${Math.round(kept)} MiB; once it ends: ${Math.round(afterPass)} MiB`);
console.log(`detailsOf for ${withDetails.toLocaleString("en")} persons: ${Math.round(detailsMs)} ms`);
