/**
 * e2e files run two at a time: the stage mostly waits (lot clocks, the browser), and a second file
 * fills the wait. Each worker has its own shared server (global-setup.ts, `sharedServerURL`).
 */
export const E2E_WORKERS = 2;
