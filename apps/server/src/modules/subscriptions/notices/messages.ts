/** The subscription e-mails' words, per store language. `{name}` placeholders are filled in by render(). */
export interface NoticeMessages {
  greeting: string;
  renewedSubject: string;
  renewedBody: string;
  failedSubject: string;
  failedBody: string;
  pastDueSubject: string;
  pastDueBody: string;
  endedSubject: string;
  endedBody: string;
  reversedSubject: string;
  reversedBody: string;
  manage: string;
  signoff: string;
}

export const en: NoticeMessages = {
  greeting: 'Hello,',
  renewedSubject: 'Your {plan} subscription has been renewed',
  renewedBody: 'We charged {amount} to your saved payment method. Your subscription now runs until {date}.',
  failedSubject: 'We could not renew your {plan} subscription',
  failedBody: 'The charge of {amount} to your saved payment method was declined. We will try again on {date}. To avoid an interruption, add or choose another payment method in your account.',
  pastDueSubject: 'Your {plan} subscription is past due',
  pastDueBody: 'We tried {attempts} times to charge {amount}, and each attempt was declined. Renew your subscription from your account to keep using it.',
  endedSubject: 'Your {plan} subscription has ended',
  endedBody: 'Your subscription ended on {date}. You can renew it from your account at any time.',
  reversedSubject: 'A payment for your {plan} subscription failed',
  reversedBody: 'Your bank returned the payment of {amount}. We have undone the change it paid for; you can pay again from your account.',
  manage: 'Manage your subscription',
  signoff: '— Probe Store',
};
