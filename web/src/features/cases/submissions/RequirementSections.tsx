import type { UseFormRegister } from 'react-hook-form';
import { commonCustomerSectionTitle, type ContactDocumentShape } from '@casebridge/contracts';
import { RequiredAnnouncer } from '../../../ui/RequiredNotes';
import { RequirementField } from './RequirementField';
import { fieldName, fieldRules, requiredInputLabels, type FormValues, type Requirement } from './requirements';

interface RequirementSectionsProps {
  document: ContactDocumentShape;
  requirements: Requirement[];
  register: UseFormRegister<FormValues>;
  values: FormValues;
  errorOf: (name: string) => string | undefined;
}

/**
 * The document's three requirement sections; fields hidden by a group or tier select are left out. An input an answer
 * makes required (shown as required, or turned required) is announced by its label in a polite live region.
 */
export function RequirementSections({ document, requirements, register, values, errorOf }: RequirementSectionsProps) {
  const rules = fieldRules(requirements, values);
  const sections: { title: string; fields: Requirement[] }[] = [
    {
      title: commonCustomerSectionTitle(document.version.document_type, document.version.common_customer_section_title),
      fields: document.common_customer_section,
    },
    { title: 'Problem Details', fields: document.problem_section },
    { title: 'Contact Details', fields: document.contact_section },
  ];
  // Every input the answers require, helper inputs included (a chosen 'Other', a tier's detail).
  const requiredLabels = requiredInputLabels(requirements, values);
  return (
    <>
      {sections.map((section) => {
        const shown = section.fields.filter(rules.visible);
        if (shown.length === 0) return null;
        return (
          <fieldset key={section.title} className="form-section">
            <legend>{section.title}</legend>
            {shown.map((requirement) => (
              <RequirementField
                key={requirement.requirement_id}
                requirement={requirement}
                required={rules.required(requirement)}
                register={register}
                values={values}
                error={errorOf(fieldName(requirement))}
              />
            ))}
          </fieldset>
        );
      })}
      <RequiredAnnouncer labels={requiredLabels} />
    </>
  );
}
