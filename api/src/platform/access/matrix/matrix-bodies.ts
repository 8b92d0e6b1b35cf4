/** Valid request bodies shared by the matrix rows and the world that prepares them. */

/** A valid manager escalation request from Acme to Globex's manager process. */
export function managerRequestBody(globex: number, documentId: number) {
  return {
    first_name: 'Carl',
    last_name: 'Jensen',
    email: 'caller@acme.test',
    phone: '4165550103',
    internal_reference: 'MATRIX-ESC',
    business_impact: 'The matrix checks who may escalate.',
    receive_company_id: globex,
    contact_document_id: documentId,
  };
}
