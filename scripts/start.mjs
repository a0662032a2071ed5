// npm start: build the web app and the server if needed, then run the server (API and web app on one port), with the
// settings of `.env` when present (scripts/with-env.mjs).
import { ensureServerBuild, serverBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';
import { runWithEnv } from './with-env.mjs';

// WEB_DIST names a web build made elsewhere: nothing to build here.
if (!process.env.WEB_DIST) ensureWebBuild();
// The server as one JavaScript file run by plain Node (docs/decisions/024-server-build.md).
await ensureServerBuild();
runWithEnv(serverBuild);
