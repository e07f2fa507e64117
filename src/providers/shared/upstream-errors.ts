// The upstream error types live in the platform (src/platform/upstream-errors.ts) so the HTTP error
// handler can map them without importing providers. TEMPORARY (issue 10 merge): the market-data
// files, reorganised on another branch, still import this path; delete it once they import the
// platform file.
export * from '../../platform/upstream-errors.ts'
