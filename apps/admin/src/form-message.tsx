/** The answer to a console form: an alert when something was refused, a status line when it was done. */
export function FormMessage({ message }: { message: { error: boolean; text: string } | null }) {
  if (!message) return null;
  return <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'ok'}>{message.text}</p>;
}
