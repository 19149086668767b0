import { type FieldError, newPasswordField, PASSWORD_TOO_PREDICTABLE } from "@foreman/contract";

// The server's whole check of a new password (sign-up, change, reset): the contract's rules (length,
// runs and repeats, which the browser checks too), then what the browser is not sent: the most common
// passwords, bare or with digits or "!" tacked on the end, and passwords made from the user's own name
// or email. One generic message for all of it, as the spec's forms word it.

// Lower case; bases shorter than 8 characters matter too, as "monkey123!" strips to "monkey".
const COMMON = `
password passw0rd p@ssword p@ssw0rd pa55word pass1234 password1 passwords passwort motdepasse contrasena
contraseña senha parola wachtwoord haslo salasana losenord adgangskode jelszo heslo parool lozinka
12345678 123456789 1234567890 0123456789 987654321 87654321 11111111 00000000 88888888 99999999
12341234 11223344 12344321 147258369 123654789 741852963 159753 159357 147852 102030 121212 123123
123123123 112233 131313 696969 7777777 5555555 666666 1q2w3e4r 1q2w3e4r5t 1q2w3e 1qaz2wsx 1qazxsw2
q1w2e3r4 q1w2e3r4t5 zaq12wsx zaq1zaq1 zaq1xsw2 !qaz2wsx qazwsx qazwsxedc qweasd qweasdzxc qwerty
qwertyui qwertyuiop qwerty123 qwertz azerty azertyuiop asdfgh asdfghjk asdfghjkl asdf1234 asdfasdf
zxcvbn zxcvbnm zxcvbnm1 1234qwer qwer1234 abc12345 abcd1234 a1b2c3d4 aa123456 abc123 1234abcd
iloveyou iloveu loveyou lovely lovelove love trustno1 letmein letmein1 welcome welcome1 welcome2
changeme secret secret123 default administrator admin admin123 root toor guest master
masterkey access access14 login logmein passpass mypassword newpassword password12 test test1234
testing tester temp temp1234 temporary foreman foremanapp company business office work
sunshine princess football baseball basketball soccer hockey tennis golfer boxing yankees
whatever starwars skywalker pokemon minecraft fortnite superman batman spiderman ironman
computer internet samsung google facebook linkedin twitter instagram youtube yahoo hotmail outlook
microsoft windows apple iphone android gmail amazon netflix dragon monkey shadow michael jennifer
jordan jordan23 hunter buster harley andrew tigger charlie robert thomas daniel george michelle jessica
pepper maggie ginger joshua cheese amanda summer winter spring autumn ashley nicole chelsea
matthew dallas austin thunder taylor matrix mustang killer freedom biteme jasmine anthony
william jackson liverpool arsenal barcelona chelsea1 manchester madrid juventus
orange banana cookie chocolate coffee butterfly flower purple yellow silver golden diamond
hello hello123 helloworld hallo bonjour ciao hola naruto killer1 qwerty1 monkey1 dragon1
superstar rockstar rockyou blink182 metallica nirvana babygirl babyboy sweety angel angels
friends family forever beautiful christ jesus blessed faith heaven trinity liberty america
secure security private nothing anything something everything zombie ninja pirate captain
soccer1 football1 baseball1 princess1 sunshine1 iloveyou1 charlie1 michael1 shadow1 master1
abcdef abcdefg abcdefgh abcdefghi letmeinnow opensesame password! qwerty! welcome!
computer1 internet1 mercedes ferrari porsche corvette chevrolet yamaha kawasaki
snoopy garfield scooter buddy bailey molly sophie tucker lucky daisy rocky midnight
marlboro cowboys steelers packers eagles raiders lakers celtics
`;

/** The refused passwords, lower case. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

/** The shortest name or email part that counts as "made from the user's own details". */
export const PERSONAL_PART_MIN = 4;

/** True for a common password as it is, or once digits and "!" at its end are taken off ("Monkey123!"). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const stripped = lower.replace(/[\d!]+$/, "");
  return stripped.length > 0 && stripped !== lower && COMMON_PASSWORDS.has(stripped);
}

/** Whose password it is: their email and name, when known. */
export type PasswordOwner = { email?: string | null; firstName?: string | null; lastName?: string | null };

/** The parts of the owner's details a password may not contain: the email's local part (whole and split), each name. */
function personalParts(owner: PasswordOwner): string[] {
  const local = (owner.email ?? "").toLowerCase().split("@")[0] ?? "";
  const parts = [local, ...local.split(/[._+-]+/), owner.firstName ?? "", owner.lastName ?? ""];
  return [...new Set(parts.map((part) => part.trim().toLowerCase()))].filter(
    (part) => part.length >= PERSONAL_PART_MIN,
  );
}

/** The one message for a new password that is not good enough, or null when it will do. */
export function newPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const parsed = newPasswordField.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? PASSWORD_TOO_PREDICTABLE;
  if (isCommonPassword(password)) return PASSWORD_TOO_PREDICTABLE;
  const lower = password.toLowerCase();
  if (personalParts(owner).some((part) => lower.includes(part))) return PASSWORD_TOO_PREDICTABLE;
  return null;
}

/** The same check as a form's field errors: none, or one for `field`. */
export function newPasswordErrors(password: string, owner: PasswordOwner = {}, field = "password"): FieldError[] {
  const message = newPasswordProblem(password, owner);
  return message ? [{ field, message }] : [];
}
