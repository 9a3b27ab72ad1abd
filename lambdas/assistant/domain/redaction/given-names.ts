/**
 * Common given names across the languages staffing candidates and contacts write in, written from
 * general knowledge (no corpus text): a name from this list followed by a capitalised word is a
 * person ("Maria Lindqvist"); on its own it is one only when it is not also an everyday word or a
 * place (those are in AMBIGUOUS_GIVEN_NAMES and need a surname or a cue).
 */
const LIST = `
aaron abby abigail adam adeline adrian adriana agnes ahmed aidan aiden aisha alan albert alberto alejandro aleksandra alex alexa alexander
alexandra alexandre alexei alexis alfred alfredo ali alice alicia alison allan allison alma amanda amber amelia amir amy ana anastasia
andrea andreas andrei andres andrew andrzej andy angela angelica angelo angus anita ann anna anne annette annie anthony antoine anton
antonio antti anya april ariana ariel arjun arnaud arne arthur arturo ashley astrid audrey aurora austin ava axel barbara barry beatrice
beatriz becky belinda ben benedict benjamin benito bernard bernd bertram beth bethany betty beverly bianca bill billy bjorn björn blake bob
bobby bonnie boris brad bradley brandon brenda brendan brian bridget brittany brooke bruce bruno bryan caitlin caitlyn caleb camila
camille carl carla carlos carmen carol carolina caroline carolyn casey catherine cathy cecilia celia celina chad charles charlie charlotte
chelsea cheryl chloe chris christian christina christine christoph christophe christopher cindy claire clara claudia claudio clemens
colin connor conor constance cora corinne craig cristina crystal curtis cynthia dale damian dan dana daniel daniela danielle daniele danny
dario darius darnell darren dave david dawn dean deborah debra denis denise dennis derek diana diane diego dmitri dmitry dominic dominik
donald donna doris dorothy doug douglas duncan dylan earl ed eddie edgar edith eduardo edward edwin eileen elaine eleanor elena eli elias
elijah elin elisa elisabeth elise eliza elizabeth ella ellen ellie elsa emil emilia emilie emilio emily emma emmanuel enrico enrique eric
erica erik erika erin ernest ernesto esther ethan eugene eva evan evelyn fabian fabio farah fatima federico felipe felix fernando filip
filippo fiona florian frances francesca francesco francis francisco frank franz fred freddie frederick frida gabriel gabriela gabriele
gabrielle gareth gary gavin gemma gene geoffrey george georg gerald gerard gerhard gina giorgio giovanni giulia giuseppe gloria gordon
graham greg gregory greta gustav gustavo hana hannah hans harold harriet harry harvey hassan heather hector heidi helen helena helga henrik
henry herbert hugo hussein ian ida igor ilse ines ingrid irene iris isaac isabel isabella isabelle ivan jack jackie jacob jacqueline jake
james jamie jan jana jane janet janice janka jared jasmine jason javier jay jean jeanne jeff jeffrey jelena jenna jennifer jenny jeremy
jerome jerry jesse jessica jesus jill jim jimmy joan joanna joanne joao jodi joe joel johan johann johanna john johnny jon jonas jonathan
jordi jorge jose josef joseph josephine josh joshua joyce juan judith judy julia julian juliana julie julien julio justin kai kamila karen
karin karina karl kate katarina katarzyna katherine kathleen kathryn kathy katie katrina kay keith kelly ken kenneth kerry kevin kim
kimberly kirsten klaus kristen kristian kristin kristina krisztina krzysztof kurt kyle lars laura lauren laurent lea leah lena leo leon
leonardo leonie leslie liam lidia lilian lillian lily linda lindsay lindsey lisa liz lorenzo lori louis louise luca lucas lucia luciana
lucy luis luisa lukas luke lydia lynn magdalena magnus maja malcolm manuel marc marcel marcela marcello marco marcus margaret margarita
margit maria mariana marie marina mario marion marisa marek marjorie marko markus marta martha martin martina marty mary mateo matej
mathias matilda matt matteo matthew matthias maureen maurice max maxim maximilian megan mehmet melanie melinda melissa mia michael
michaela michal michel michele michelle miguel mikael mike mikhail mila milan miriam mohamed mohammed mohammad monica monika morgan
muhammad nadia nadine naomi natalia natalie natasha nathan nathaniel neil nelson niamh nicholas nick nicola nicolas nicole niels nikita
nikolai nikolaj nikolaos nils nina noah noel nora norbert norman olga oliver olivia omar oscar otto pablo pamela paolo patricia patrick
paul paula pauline pavel pedro peggy peter petra philip philipp philippe phillip pierre pietro piotr priya rachel rafael raj rajesh
ralph ramon randy raphael raul raymond rebecca regina reinhard renata renee ricardo richard rick rita robert roberta roberto robin rodrigo
roger roland roman ronald rosa rose rosemary ross roy ruben rudolf russell ruth ryan sabine sabrina sally salvatore sam samantha samuel
sandra sara sarah sasha scott sean sebastian sergei sergio seth shane shannon sharon shawn sheila shirley silvia simon simone sofia sofie
sonia sophia sophie stacy stanley stefan stefania stefano stella stephan stephanie stephen steve steven stuart susan susanne suzanne sven
sylvia tamara tanya tara teresa terry thea theodore theresa thomas tiffany tim timothy tina tobias todd tom tomas tommy tony tracy travis
trevor troy ulrich ursula valentina valeria valerie vanessa vera veronica veronika victor victoria vincent viktor violet virginia vivian
vladimir walter wanda wayne wendy werner wilhelm william willem wolfgang xavier yasmin yolanda yusuf yvonne zachary zoe zofia
aino aksel anni eino elina emmi hanna heikki ilkka jouni juha jukka kaisa kalle leena liisa mika mikko onni paavo pekka riikka sanna satu
timo tuomas veikko aleksi
anders bengt birgit britt dag einar erland gunnar hakon håkon hedda ivar jens jorunn kari kjell knut lasse leif liv mads mette morten ole
oskar rune sigrid solveig stig sune terje tor tove trond ulf vidar åsa sunniva thaddeus linnea lovisa signe
ágnes ákos andrás attila balázs csaba dániel dóra erzsébet ferenc gábor gergely györgy ildikó imre istván jános józsef judit katalin
krisztián lajos lászló márta mihály miklós nóra péter sándor szabina tamás tibor zoltán zsófia zsuzsanna julcsa
agnieszka aleksander bartosz dorota ewa grzegorz jadwiga jakub joanna kamil krystyna łukasz maciej małgorzata mariusz marcin paweł
stanisław tadeusz tomasz wacław wacława weronika wojciech zbigniew
jiří jaroslav josef karel lenka ludmila miroslav petr radek tereza vojtěch zdeněk jožef anežka
aleksei anatoly boris dmitriy galina irina ivan leonid lyudmila maksim natalya nikolay oleg sergey svetlana tatiana vasily viktoriya yuri
yulia zhanna
abdul abdullah ahmad amina aziz fatma hamza hussain ibrahim idris karim khalid layla leila mahmoud malik mariam mustafa nasser rashid
salim samir tariq yasmine youssef zainab zeynep emre burak elif
aditya amit anand anil arun deepak divya ganesh kavita krishna lakshmi manoj neha pooja pradeep rahul ramesh ravi rohan sanjay shreya
sunil suresh vijay vikram
akira haruto hiroshi kenji keiko makoto naoko satoshi takashi toshimi yuki yuko yumi tomomi wei jing li ming xiaoming mei hui jun
minjun jiwoo seojun
adebayo chinedu chioma kwame kofi nnamdi oluwaseun amara
dimitris eleni giorgos konstantinos maria nikos panagiotis sotiris vasilis
bram daan femke joost lotte maarten niels pieter ruud sanne sem thijs wouter
`;

/** Given names that are also everyday words, months or places: a person only with a surname or a cue. */
export const AMBIGUOUS_GIVEN_NAMES = new Set(
  `april august austin bill carolina chase charlotte dale dawn dean eugene faith georgia grace hope iris ivy jack jade jordan joy june
  lily may mark max miles olive pat rose ruby sage summer victoria virginia will art bob amber crystal destiny florence heather herb
  honey jasmine lane madison paris rich robin ray sky sterling stella violet forrest guy norman frank earl king sydney christian marion jesus angel mercy tyler warren troy nelson harvey chris
  li jun wei ming hui mei kai lea ida ed dan don sam kay tim tom ben`
    .split(/\s+/)
    .filter(Boolean),
);

export const GIVEN_NAMES = new Set(LIST.split(/\s+/).filter(Boolean));
