/**
 * e2e files run two at a time: one file leaves a core idle while it waits (lot clocks, the
 * browser), and two keep both busy (1.7 cores on average). Each worker has its own shared server
 * (global-setup.ts, `sharedServerURL`).
 */
export const E2E_WORKERS = 2;
