/**
 * Passwords at least 8 characters long that appear at the top of public
 * breach lists (the shorter ones are refused by length already). Compared in
 * lower case. Not exhaustive: it stops the guesses attackers try first.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
password password1 password12 password123 password1234 password12345 passw0rd p@ssw0rd p@ssword pa55word pa$$word
passwort motdepasse contraseña contrasena wachtwoord
12345678 123456789 1234567890 12345678910 123123123 1234512345 123456123456 987654321 9876543210 0987654321
11111111 111111111 1111111111 00000000 000000000 0000000000 22222222 55555555 66666666 77777777 88888888 99999999
12341234 11223344 12121212 13131313 69696969 14141414 10203040 01234567 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
q1w2e3r4 q1w2e3r4t5 zaq12wsx 1qaz2wsx 1qazxsw2 qazwsxedc qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234
qwertyu1 qwerty123456 asdfghjk asdfghjkl asdf1234 zxcvbnm1 zxcvbnm123 zxcvbnma 1234qwer qwer1234 abcd1234
abc12345 abcdefgh abcdefg1 a1b2c3d4 aa123456 aaaaaaaa iloveyou iloveyou1 iloveyou2 loveyou1 sunshine sunshine1
princess princess1 football football1 baseball basketball soccer12 superman superman1 batman12 spiderman
starwars starwars1 whatever whatever1 trustno1 trustno12 letmein1 letmein12 welcome1 welcome12 welcome123
welkom01 changeme changeme1 changeme123 administrator admin123 admin1234 admin12345 administrator1 root1234
toor1234 master12 mastermind michael1 jennifer jordan23 computer computer1 internet dragon12 monkey12 monkey123
shadow12 charlie1 maverick mustang1 michelle jessica1 jessica123 nicole12 ashley12 daniel12 chelsea1 liverpool
liverpool1 arsenal1 manchester manutd12 chocolate cookie12 butterfly butterfly1 flower12 freedom1 freedom12
hello123 hello1234 helloworld 1q2w3e4r5 secret12 secret123 secret1234 test1234 test12345 testing1 testing123
tester12 guest123 default1 password! password@ password# Password1 Password12 Password123 Password1! Passw0rd!
P@ssw0rd P@ssw0rd1 P@ssword1 Welcome1 Welcome123 Welcome@123 Admin@123 Qwerty123 Qwerty123! Summer2024 Summer2025
Summer2026 Winter2024 Winter2025 Winter2026 Spring2025 Spring2026 Autumn2025 Autumn2026 january1 december1
samsung1 samsung123 google123 facebook1 linkedin1 yahoo123 hotmail1 gmail123 iphone12 android1 microsoft
windows1 minecraft minecraft1 fortnite1 pokemon1 pokemon123 naruto123 killer12 hunter12 ranger12 tigger12
pepper12 ginger12 buster12 snoopy12 matrix12 access14 access123 blink182 88888888a 11111111a 12345678a
123456789a a12345678 a123456789 q12345678 qwe12345 qwe123456 zxc12345 asd12345 asd123456 1234abcd
123abc123 abc123456 abc123abc 123qweasd qweasdzxc qweasd123 1qaz2wsx3edc zaq1xsw2 passpass loveme12
lovelove 147258369 159753456 159357456 741852963 789456123 456789123 147852369 963852741 12qwaszx
southafrica southafrica1 mzansi123 johannesburg capetown1 pretoria1 durban123 springbok springboks amabokoboko
bafanabafana kaizerchiefs orlandopirates machinery excavator bulldozer marketplace
`
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase()),
);
