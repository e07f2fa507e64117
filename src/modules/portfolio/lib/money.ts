/** The exact money helpers live in the platform (every module rounds money with them): ADR 0019. */
export * from '../../../platform/money.ts'
