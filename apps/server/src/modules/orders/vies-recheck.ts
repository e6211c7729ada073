import { checkVatNumber, reverseChargeApplies } from '@probe/domain';
import { fail, type CheckoutError } from '../checkout/index.ts';
import type { VatChecker } from '../vat/index.ts';

/**
 * A VAT number taken earlier is asked about again when the order is placed, before its reverse charge
 * removes VAT (issue 34, decision 0047): VIES may have withdrawn it since (the checker's cached answer, a
 * day at most, is allowed). Refused while VIES does not know it (INVALID) or cannot answer (PROCESSING_ERROR:
 * VAT is charged while VIES is down, so the buyer tries again later or removes the number and pays the
 * total with VAT they are then shown). A number that does not remove VAT (the seller's own member state) is
 * not asked about. No checker (scripts, tests of other things): format only, as before.
 */
export async function viesRecheck(vat: VatChecker | undefined, vatNumber: string | null, country: string): Promise<CheckoutError[]> {
  const number = vatNumber ? checkVatNumber(vatNumber, country) : null;
  if (!vat || !number || !reverseChargeApplies(number)) return [];
  const answer = await vat.check(number.normalized);
  if (answer === 'INVALID') return [fail('INVALID', 'vatNumber', 'VIES no longer knows this VAT number; remove it to buy with VAT')];
  if (answer === 'UNAVAILABLE') return [fail('PROCESSING_ERROR', 'vatNumber', 'The EU\'s VIES service cannot confirm your VAT number right now; try again later, or remove it to buy with VAT')];
  return [];
}
