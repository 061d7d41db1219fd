// npm scripts run on the pinned Node 24 (the `node` devDependency). If they do not
// (e.g. after `npm ci --ignore-scripts`), say so clearly instead of failing obscurely.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `AMP needs Node >= 22.22 (pinned to 24 via the "node" devDependency); this is ${process.versions.node}.\n` +
      "Run `npm install` (without --ignore-scripts) and start commands through npm scripts.",
  );
  process.exit(1);
}
