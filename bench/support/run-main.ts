/**
 * Runs a bench's main, then its clean-up whatever happened, and exits with main's code (1 when it threw):
 * the server processes a bench started must not outlive it.
 */
export async function runMain(main: () => Promise<number>, cleanUp: () => Promise<void>): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(error);
  } finally {
    await cleanUp();
  }
  process.exit(code);
}
