export const briefingSweep = {}
