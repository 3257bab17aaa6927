import { yieldToMain } from './shared/lib/yield-to-main.ts';
import { parseWithoutEval } from './shared/lib/zod-without-eval.ts';
import { registerServiceWorker } from './shared/pwa/register-service-worker.ts';
import { restoreStyles } from './shared/theme/persisted-styles.ts';

/**
 * The app's code is evaluated in steps, each a task of its own, with the browser let in between: as one
 * task it blocked a phone's CPU for ~200 ms before the first render (bench/main-thread.ts). index.html
 * preloads every step's chunks (`BOOT_STEPS` in app/boot/steps.ts), so no step waits for the network.
 */
async function boot(container: HTMLElement): Promise<void> {
  // Before emotion's cache exists (step 2 creates it): the style rules kept from the last visit.
  restoreStyles();
  // Before step 4 builds the API's first schemas.
  parseWithoutEval();
  await import('./app/boot/react-libraries.ts');
  await yieldToMain();
  await import('./app/boot/ui-libraries.ts');
  await yieldToMain();
  await import('./app/boot/router-libraries.ts');
  await yieldToMain();
  await import('./app/boot/data-libraries.ts');
  await yieldToMain();
  await import('./app/boot/theme.ts');
  await yieldToMain();
  const { start } = await import('./app/start.tsx');
  await start(container);
}

registerServiceWorker();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(container);
