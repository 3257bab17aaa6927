// Given to a server process with NODE_OPTIONS=--import: appends every server module and every
// @faker-js/faker module the process resolves to MODULE_LOG_FILE (production-start.test.ts reads it).
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const logFile = process.env.MODULE_LOG_FILE;
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    if (logFile && /\/server\/src\/|@faker-js\/faker/.test(result.url))
      appendFileSync(logFile, `${result.url}\n`);
    return result;
  },
});
