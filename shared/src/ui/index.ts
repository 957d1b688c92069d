export { FormTextField } from './form-text-field';
export * from './icons';
export { PasswordField } from './password-field';
export { SubmitButton } from './submit-button';
export { lazyPage, PageLoading } from './lazy-page';
