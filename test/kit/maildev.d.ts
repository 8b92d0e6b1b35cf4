/** The part of maildev's Node API the tests use (the package ships no types). */
declare module 'maildev' {
  interface MailDevAddress {
    address: string;
    name?: string;
  }
  interface MailDevMail {
    id: string;
    subject: string;
    html?: string;
    text?: string;
    to: MailDevAddress[];
    cc?: MailDevAddress[];
    from: MailDevAddress[];
  }
  interface MailDevOptions {
    smtp: number;
    ip: string;
    disableWeb?: boolean;
    silent?: boolean;
    mailDirectory?: string;
  }
  class MailDev {
    constructor(options: MailDevOptions);
    listen(): Promise<void>;
    close(callback: (error?: Error) => void): void;
    getAllEmail(callback: (error: Error | null, mails: MailDevMail[]) => void): void;
  }
  export = MailDev;
}
