// The page's one script: the Content-Security-Policy allows no inline script, so
// the call that starts the page lives in this file. Every other module only
// defines things; this is the one place where anything runs on load.

import { start } from "./main.js";

start();
