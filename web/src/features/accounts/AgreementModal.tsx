import { AgreementField } from '../../ui/AgreementField';
import { Modal } from '../../ui/Modal';
import { SubmitActions } from '../../ui/SubmitActions';
import { useAgreementForm } from './use-agreement-form';

/** Opened after login when the privacy policy must be (re)accepted (force_update_agreement). */
export function AgreementModal() {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useAgreementForm();

  return (
    <Modal title="Privacy Policy">
      <form onSubmit={onSubmit} noValidate>
        <p>Our privacy policy has changed. Please read and accept it to continue using Casebridge.</p>
        <AgreementField register={register} errors={errors} />
        <SubmitActions label="Continue" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
