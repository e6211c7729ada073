import { builder } from '../builder.ts';
import { CountryCodeEnum } from '../enums.ts';
import { LanguageCodeEnum } from '../language-code.ts';
import { addressRules, type AddressRules } from '../../modules/address/index.ts';

const ChoiceValue = builder.objectRef<{ raw: string; verbose: string }>('ChoiceValue').implement({
  fields: (t) => ({ raw: t.exposeString('raw'), verbose: t.exposeString('verbose') }),
});

const AddressValidationData = builder.objectRef<AddressRules>('AddressValidationData').implement({
  description: "A country's address rules, from Google's i18n address metadata.",
  fields: (t) => ({
    countryCode: t.exposeString('countryCode'),
    requiredFields: t.exposeStringList('requiredFields'),
    countryAreaChoices: t.field({ type: [ChoiceValue], resolve: (r) => r.countryAreaChoices }),
    postalCodeType: t.exposeString('postalCodeType'),
    cityType: t.exposeString('cityType'),
    countryAreaType: t.exposeString('countryAreaType'),
    postalCodePattern: t.exposeString('postalCodePattern', { nullable: true }),
  }),
});

/** CountryAddressValidation (spec §7): area names in the requested language where the metadata has them. */
builder.queryField('addressValidator', (t) =>
  t.field({
    type: AddressValidationData,
    nullable: true,
    args: { countryCode: t.arg({ type: CountryCodeEnum, required: true }), languageCode: t.arg({ type: LanguageCodeEnum, required: false }) },
    resolve: (_root, { countryCode, languageCode }) => addressRules(countryCode, languageCode ? languageCode.split('_')[0]!.toLowerCase() : null),
  }),
);
