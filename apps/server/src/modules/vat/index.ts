export { CachedVatChecker, FakeVies, LiveVies, vatCheckerFor, type VatAnswer, type VatChecker } from './vies.ts';
